package audit23j

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// newTopic returns a topic tag no other test of this run uses.
func newTopic() string { return strings.TrimSuffix(unique("topic"), ".example") }

// start returns a quiet dev stack and a website fixture.
func start(t *testing.T) (*testenv.Env, *testenv.MemberWeb) {
	t.Helper()
	e := testenv.StartQuiet(t)
	return e, e.NewMemberWeb(t)
}

// hostWith returns a member hosting on topic with settings and one
// published article tagged tags (topic first).
func hostWith(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, topic string, settings map[string]any, tags ...string) *member {
	t.Helper()
	h := paidMember(t, e, w, unique("host"))
	settings["topic_tags"] = []string{topic}
	h.optIn(t, settings)
	h.Publish(t, "Grinders", append([]string{topic}, tags...))
	return h
}

// wantPlacements fails unless m has n placements.
func wantPlacements(t *testing.T, m *member, n int, when string) {
	t.Helper()
	if got := m.Placements(t, ""); len(got) != n {
		t.Fatalf("%s: %d placements, want %d: %v", when, len(got), n, got)
	}
}

// TestSameRegistrableDomainNeverMatches: matching pairs a target with
// other accounts' sites, "never the same account or registrable domain"
// (README, Backlink exchange, Matching). Two accounts on
// shop.<brand> and blog.<brand> never trade links; another domain does.
func TestSameRegistrableDomainNeverMatches(t *testing.T) {
	e, w := start(t)
	topic, brand := newTopic(), unique("brand")
	h := paidMember(t, e, w, "blog."+brand)
	h.optIn(t, map[string]any{"topic_tags": []string{topic}, "max_links_per_article": 2})
	h.Publish(t, "Grinders", []string{topic})
	same := paidMember(t, e, w, "shop."+brand)
	same.AddTarget(t, "/g", []string{topic}, nil)
	other := paidMember(t, e, w, unique("other"))
	other.AddTarget(t, "/g", []string{topic}, nil)
	e.RunScheduled(t)
	wantPlacements(t, same, 0, "requester on the host's registrable domain")
	wantPlacements(t, other, 1, "requester on another domain")
}

// TestSameAccountNeverMatches: a Studio site of the host's own account is
// never paired with it ("never the same account", README Matching), and
// its exchange credits are the Studio allowance of 15 (spec, Limits).
func TestSameAccountNeverMatches(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	h := hostWith(t, e, w, topic, map[string]any{})
	var quote struct {
		Quote struct {
			ProrationDate any `json:"proration_date"`
		} `json:"studio_quote"`
	}
	h.API(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).Decode(t, &quote)
	host := unique("studio")
	w.Serve(t, host)
	var out struct{ Site struct{ ID string } }
	h.API(t, "POST", "/sites", map[string]any{"site_url": "https://" + host, "site_name": "Studio", "proration_date": quote.Quote.ProrationDate}).
		Expect(t, http.StatusCreated).Decode(t, &out)
	s := &member{&testenv.BacklinkMember{Env: e, Web: w, Acct: h.Acct, Host: host, Site: out.Site.ID}}
	if c := s.BL(t, "GET", "", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)["credits"].(map[string]any); c["balance"] != 15.0 {
		t.Fatalf("Studio site credits: %v", c)
	}
	v := s.BL(t, "POST", "/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	w.Site(host).SetWellKnown(v["token"].(string))
	s.BL(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK)
	s.AddTarget(t, "/g", []string{topic}, nil)
	e.RunScheduled(t)
	wantPlacements(t, s, 0, "Studio site of the host's account")
}

// TestBlockedCategoriesWorkBothWays: matching respects blocked categories
// (README Matching): a host blocking crypto takes no target tagged
// "bitcoin", and a requester blocking gambling gets no link from an
// article tagged "casino"; requesters without the category do.
func TestBlockedCategoriesWorkBothWays(t *testing.T) {
	e, w := start(t)
	t1, t2 := newTopic(), newTopic()
	hostWith(t, e, w, t1, map[string]any{"blocked_categories": []string{"crypto"}, "max_links_per_article": 2})
	hostWith(t, e, w, t2, map[string]any{"max_links_per_article": 2}, "casino")
	crypto := paidMember(t, e, w, unique("crypto"))
	crypto.AddTarget(t, "/g", []string{t1, "bitcoin"}, nil)
	blocker := paidMember(t, e, w, unique("blocker"))
	blocker.BL(t, "PATCH", "", map[string]any{"blocked_categories": []string{"gambling"}}).Expect(t, http.StatusOK)
	blocker.AddTarget(t, "/g", []string{t2}, nil)
	plain := paidMember(t, e, w, unique("plain"))
	plain.AddTarget(t, "/a", []string{t1}, nil)
	plain.AddTarget(t, "/b", []string{t2}, nil)
	e.RunScheduled(t)
	wantPlacements(t, crypto, 0, "crypto target, host blocks crypto")
	wantPlacements(t, blocker, 0, "requester blocks gambling, article tagged casino")
	wantPlacements(t, plain, 2, "requester in no blocked category")
}

// TestLinksPerArticle: max_links_per_article is how many links one
// article hosts, 0 hosting nothing (README Settings; spec 4.7 0 to 2).
func TestLinksPerArticle(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	h := hostWith(t, e, w, topic, map[string]any{"max_links_per_article": 0})
	a := paidMember(t, e, w, unique("reqa"))
	a.AddTarget(t, "/g", []string{topic}, nil)
	b := paidMember(t, e, w, unique("reqb"))
	b.AddTarget(t, "/g", []string{topic}, nil)
	e.RunScheduled(t)
	if n := len(h.Placements(t, "")); n != 0 {
		t.Fatalf("max_links_per_article 0 hosted %d links", n)
	}
	h.BL(t, "PATCH", "", map[string]any{"max_links_per_article": 1}).Expect(t, http.StatusOK)
	e.RunScheduled(t)
	if n := len(h.Placements(t, "")); n != 1 {
		t.Fatalf("max_links_per_article 1: %d links", n)
	}
	h.BL(t, "PATCH", "", map[string]any{"max_links_per_article": 2}).Expect(t, http.StatusOK)
	e.RunScheduled(t)
	ps := h.Placements(t, "")
	if len(ps) != 2 || ps[0]["host_article_id"] != ps[1]["host_article_id"] {
		t.Fatalf("max_links_per_article 2: %v", ps)
	}
}

// TestMonthlyCapIsTheUTCCalendarMonth: a target gets at most
// max_new_links_per_month new links in a UTC calendar month (README
// Matching), whatever hosts are free; the next month opens it again.
func TestMonthlyCapIsTheUTCCalendarMonth(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	for i := 0; i < 3; i++ {
		hostWith(t, e, w, topic, map[string]any{})
	}
	r := paidMember(t, e, w, unique("req"))
	r.AddTarget(t, "/g", []string{topic}, map[string]any{"max_new_links_per_month": 1})
	e.RunScheduled(t)
	e.RunScheduled(t)
	wantPlacements(t, r, 1, "cap 1, three hosts")
	now, err := time.Parse(time.RFC3339Nano, e.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	next := time.Date(now.Year(), now.Month()+1, 1, 0, 5, 0, 0, time.UTC)
	e.Advance(t, next.Add(-10*time.Minute).Sub(now).Seconds())
	e.RunScheduled(t)
	wantPlacements(t, r, 1, "the month's last minutes")
	e.Advance(t, (10 * time.Minute).Seconds())
	e.RunScheduled(t)
	wantPlacements(t, r, 2, "the next UTC month")
}

// TestHigherPriorityIsPlacedFirst: a site's targets go by priority
// (spec 4.7 priority; README Matching): with one free slot, the target of
// priority 9 gets it before the one of priority 2, whatever their order.
func TestHigherPriorityIsPlacedFirst(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	hostWith(t, e, w, topic, map[string]any{})
	r := paidMember(t, e, w, unique("req"))
	r.AddTarget(t, "/low", []string{topic}, map[string]any{"priority": 2})
	r.AddTarget(t, "/high", []string{topic}, map[string]any{"priority": 9})
	e.RunScheduled(t)
	p := r.Placements(t, "")
	if len(p) != 1 || !strings.HasSuffix(p[0]["target_url"].(string), "/high") {
		t.Fatalf("placements: %v", p)
	}
}

// TestLowReputationHostsNothing: "sites below 20 reputation host no new
// links" (README Scores): a host that removed four live links (50 − 4×10)
// gets no new reservation for a fresh article.
func TestLowReputationHostsNothing(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	h := hostWith(t, e, w, topic, map[string]any{})
	for i := 1; i < 4; i++ {
		h.Publish(t, fmt.Sprintf("Grinders %d", i), []string{topic})
	}
	for i := 0; i < 4; i++ {
		paidMember(t, e, w, unique("req")).AddTarget(t, "/g", []string{topic}, nil)
	}
	e.RunScheduled(t) // reserved
	e.RunScheduled(t) // placed
	e.Advance(t, 3660)
	e.RunScheduled(t) // live
	for _, p := range h.Placements(t, "status=live") {
		h.BL(t, "DELETE", "/placements/"+p["id"].(string), nil).Expect(t, http.StatusOK)
	}
	if r := h.BL(t, "GET", "", nil).JSON(t)["backlinks"].(map[string]any)["reputation"]; r != 10.0 {
		t.Fatalf("reputation after removing four live links: %v", r)
	}
	h.Publish(t, "Grinders fresh", []string{topic})
	late := paidMember(t, e, w, unique("late"))
	late.AddTarget(t, "/g", []string{topic}, nil)
	e.RunScheduled(t)
	wantPlacements(t, late, 0, "host below 20 reputation")
}

// TestVerifyingDomainsStayInTheExchange: a verified domain whose proof
// went missing is "verifying ... still in the exchange" (README
// Statuses): a verifying requester still gets links from a verifying host.
func TestVerifyingDomainsStayInTheExchange(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	h := hostWith(t, e, w, topic, map[string]any{})
	r := paidMember(t, e, w, unique("req"))
	id := r.AddTarget(t, "/g", []string{topic}, map[string]any{"active": false})
	w.Site(h.Host).SetWellKnown("")
	w.Site(r.Host).SetWellKnown("")
	e.Advance(t, 7*86400+60)
	e.RunScheduled(t)
	for _, m := range []*member{h, r} {
		if s := m.BL(t, "GET", "", nil).JSON(t)["backlinks"].(map[string]any)["status"]; s != "verifying" {
			t.Fatalf("status after a missed re-check: %v", s)
		}
	}
	r.BL(t, "PATCH", "/targets/"+id, map[string]any{"active": true}).Expect(t, http.StatusOK)
	e.RunScheduled(t)
	wantPlacements(t, r, 1, "verifying requester and host")
}
