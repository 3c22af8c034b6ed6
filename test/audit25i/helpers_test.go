package audit25i

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

const (
	hour = 3600
	day  = 24 * hour
)

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is a backlink exchange member (testenv.BacklinkMember) with this
// package's own calls.
type member struct{ *testenv.BacklinkMember }

// newMember creates an account (no plan) for a new fixture website.
func newMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, prefix string) *member {
	t.Helper()
	return &member{e.NewBacklinkMember(t, w, unique(prefix))}
}

// paidMember creates an account on the paid plan with its domain verified.
func paidMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, prefix string) *member {
	t.Helper()
	return &member{e.PaidBacklinkMember(t, w, unique(prefix))}
}

// one returns the only item of a list.
func one(t *testing.T, list []map[string]any) map[string]any {
	t.Helper()
	if len(list) != 1 {
		t.Fatalf("%d placements, want 1: %v", len(list), list)
	}
	return list[0]
}

// pair is a requesting member with one target and an opted-in host member
// with one published article on the same topic.
type pair struct {
	env        *testenv.Env
	from, host *member
	topic      string
	targetID   string
	article    string
}

// newPair sets up a requester and a host on a new stack.
func newPair(t *testing.T) *pair {
	t.Helper()
	e := testenv.StartQuiet(t)
	w := e.NewMemberWeb(t)
	p := &pair{env: e, from: paidMember(t, e, w, "from"), host: paidMember(t, e, w, "host")}
	p.topic = strings.TrimSuffix(unique("topic"), ".example")
	p.host.BL(t, "PATCH", "", map[string]any{"opted_in": true, "topic_tags": []string{p.topic}}).Expect(t, http.StatusOK)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.article = p.host.Publish(t, "Grinder guide", []string{p.topic})
	return p
}

// live runs the exchange until the pair's link is live and returns the
// host's placement.
func (p *pair) live(t *testing.T) map[string]any {
	t.Helper()
	p.env.RunScheduled(t) // reserved
	p.env.RunScheduled(t) // placed
	p.env.Advance(t, hour+60)
	p.env.RunScheduled(t) // checked: live
	return one(t, p.host.Placements(t, "direction=hosted&status=live"))
}
