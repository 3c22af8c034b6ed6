package audit26c

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

const hour = 3600

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// newTopic returns a topic tag no other test of this run uses.
func newTopic() string { return strings.TrimSuffix(unique("topic"), ".example") }

// member is a backlink exchange member (testenv.BacklinkMember) with this
// package's own calls.
type member struct{ *testenv.BacklinkMember }

// paidMember creates a paid, verified member on a new fixture website.
func paidMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, prefix string) *member {
	t.Helper()
	return &member{e.PaidBacklinkMember(t, w, unique(prefix))}
}

// placements lists up to 100 of the site's placements with a query
// ("direction=inbound").
func (m *member) placements(t *testing.T, query string) []map[string]any {
	t.Helper()
	return m.Placements(t, "limit=100&"+query)
}

// host opts the member in to host links on topic, with more settings.
func (m *member) hostOn(t *testing.T, topic string, settings map[string]any) {
	t.Helper()
	body := map[string]any{"opted_in": true, "topic_tags": []string{topic}}
	for k, v := range settings {
		body[k] = v
	}
	m.BL(t, "PATCH", "", body).Expect(t, http.StatusOK)
}

// publish is BacklinkMember.Publish with the tags as arguments.
func (m *member) publish(t *testing.T, title string, tags ...string) string {
	t.Helper()
	return m.Publish(t, title, tags)
}

// one returns the only item of a list.
func one(t *testing.T, list []map[string]any) map[string]any {
	t.Helper()
	if len(list) != 1 {
		t.Fatalf("%d placements, want 1: %v", len(list), list)
	}
	return list[0]
}

// stage is a quiet dev stack with a website fixture.
type stage struct {
	env *testenv.Env
	web *testenv.MemberWeb
}

func newStage(t *testing.T) *stage {
	t.Helper()
	e := testenv.StartQuiet(t)
	return &stage{env: e, web: e.NewMemberWeb(t)}
}

func (s *stage) member(t *testing.T, prefix string) *member {
	return paidMember(t, s.env, s.web, prefix)
}

// run runs the scheduled work n times.
func (s *stage) run(t *testing.T, n int) {
	t.Helper()
	for range n {
		s.env.RunScheduled(t)
	}
}

// pair is a requester with one target and an opted-in host with one
// published article on the same topic.
type pair struct {
	*stage
	from, host *member
	topic      string
	article    string
	targetID   string
}

func newPair(t *testing.T, hostSettings map[string]any) *pair {
	t.Helper()
	s := newStage(t)
	p := &pair{stage: s, from: s.member(t, "from"), host: s.member(t, "host"), topic: newTopic()}
	p.host.hostOn(t, p.topic, hostSettings)
	p.article = p.host.publish(t, "Grinder guide", p.topic)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	return p
}

// sinkPrice is the tier of a sink: authority 20 + 3 per published
// article (at least 7 of them) is 41 or more, below 70.
const sinkPrice = 2

// drain makes m spend 2*n of its backlink credits: a new host (the sink,
// tier 2) publishes n articles (at least 7) on a topic of its own and m
// gets n targets on it, one reservation each; it returns the sink.
func (s *stage) drain(t *testing.T, m *member, n int) *member {
	t.Helper()
	sink := s.member(t, "sink")
	topic := newTopic()
	sink.hostOn(t, topic, map[string]any{"max_links_per_article": 1})
	for i := range max(n, 7) {
		sink.publish(t, fmt.Sprintf("Sink %d", i), topic)
	}
	before := m.Credits(t)[0]
	for i := range n {
		m.AddTarget(t, fmt.Sprintf("/sink-%d", i), []string{topic}, nil)
	}
	s.run(t, (n+2)/3+1)
	if got := len(m.placements(t, "direction=inbound")); got < n {
		t.Fatalf("drain: %d placements, want at least %d", got, n)
	}
	if c := m.Credits(t); c[0] != before-sinkPrice*n {
		t.Fatalf("drain: balance %d, want %d", c[0], before-sinkPrice*n)
	}
	return sink
}
