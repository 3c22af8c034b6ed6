package audit27a

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is a backlink exchange member with this package's own calls.
type member struct{ *testenv.BacklinkMember }

// only returns the only placement the site lists with query, failing t
// when there is not exactly one.
func (m *member) only(t *testing.T, query string) map[string]any {
	t.Helper()
	list := m.Placements(t, "limit=100&"+query)
	if len(list) != 1 {
		t.Fatalf("%d placements (%s), want 1: %v", len(list), query, list)
	}
	return list[0]
}

// body returns the Markdown body of the member's article id.
func (m *member) body(t *testing.T, id string) string {
	t.Helper()
	a := m.API(t, "GET", "/sites/"+m.Site+"/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	s, _ := a["body_markdown"].(string)
	return s
}

// pair is a requester with one target and an opted-in host with one
// published article on the same topic, on a quiet dev stack.
type pair struct {
	env        *testenv.Env
	from, host *member
	topic      string
	article    string
	targetID   string
}

func newPair(t *testing.T) *pair {
	t.Helper()
	e := testenv.StartQuiet(t)
	w := e.NewMemberWeb(t)
	p := &pair{env: e, topic: strings.TrimSuffix(unique("topic"), ".example")}
	p.from = &member{e.PaidBacklinkMember(t, w, unique("from"))}
	p.host = &member{e.PaidBacklinkMember(t, w, unique("host"))}
	p.host.BL(t, "PATCH", "", map[string]any{"opted_in": true, "topic_tags": []string{p.topic}}).Expect(t, http.StatusOK)
	p.article = p.host.Publish(t, "Grinder guide", []string{p.topic})
	return p
}

// run runs the scheduled work n times.
func (p *pair) run(t *testing.T, n int) {
	t.Helper()
	for range n {
		p.env.RunScheduled(t)
	}
}
