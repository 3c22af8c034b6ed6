package audit27a

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/dev/faults"

	"rvcontent/test/testenv"
)

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is a backlink exchange member with this package's own calls.
type member struct{ *testenv.BacklinkMember }

// target adds a target at path tagged topic; returns its id.
func (m *member) target(t *testing.T, path, topic string) string {
	t.Helper()
	body := map[string]any{"url": "https://" + m.Host + path, "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}, "topic_tags": []string{topic}}
	return m.BL(t, "POST", "/targets", body).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
}

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

// crashThenRetry sends method path with Idempotency-Key key after arming
// the after_commit fault, so the function dies right after the write's
// transaction commits, and expects the server error it answers; then it
// sends the same request again with the same key, as an agent retries
// after a 5xx, and returns that retry's answer once it is a replay of
// wantStatus (Idempotent-Replayed: true).
func crashThenRetry(t *testing.T, env *testenv.Env, m *member, method, path, key string, wantStatus int) *testenv.Response {
	t.Helper()
	env.ArmFault(t, faults.AfterCommit, 1)
	first := m.API(t, method, path, nil, "Idempotency-Key: "+key)
	if first.Status != http.StatusInternalServerError {
		env.Client().Do(t, "DELETE", "/_dev/faults", nil)
		t.Fatalf("%s %s with the after_commit fault armed answered %d, want 500 (its transaction does not store its answer): %s", method, path, first.Status, first.Body)
	}
	retry := m.API(t, method, path, nil, "Idempotency-Key: "+key)
	if retry.Status != wantStatus || retry.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry of %s %s after a crash past its commit: %d (Idempotent-Replayed %q), want the first answer %d replayed: %s",
			method, path, retry.Status, retry.Header.Get("Idempotent-Replayed"), wantStatus, retry.Body)
	}
	return retry
}
