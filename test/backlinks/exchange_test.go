package backlinks_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// exchange is a requesting member and a hosting member that share a topic
// no other test uses.
type exchange struct {
	from, host *member
	topic      string
	target     string // the requester's target URL
	targetID   string
}

// newExchange verifies both members' domains, opts the host in and gives
// the requester one target on the shared topic.
func newExchange(t *testing.T) *exchange {
	t.Helper()
	x := &exchange{from: paidMember(t, "from"), host: paidMember(t, "host")}
	x.topic = strings.TrimSuffix(unique("topic"), ".example")
	x.from.Verify(t)
	x.host.Verify(t)
	x.host.BL(t, "PATCH", "", map[string]any{"opted_in": true, "topic_tags": []string{x.topic}}).Expect(t, http.StatusOK)
	x.target = "https://" + x.from.Host + "/grinders"
	x.targetID = x.addTarget(t, x.target)
	return x
}

// addTarget adds a target on the shared topic and returns its id.
func (x *exchange) addTarget(t *testing.T, url string) string {
	t.Helper()
	return x.from.BL(t, "POST", "/targets", map[string]any{
		"url": url, "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}, "topic_tags": []string{x.topic},
	}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
}

// hostArticle publishes an article on the shared topic on the host's site.
func (x *exchange) hostArticle(t *testing.T, title string) string {
	t.Helper()
	return x.host.publishArticle(t, title, []string{x.topic}, "# "+title+"\n\nA good burr grinder makes better coffee.\n\nClean your kit often.\n")
}

// target returns the requester's target.
func (x *exchange) targetNow(t *testing.T, id string) map[string]any {
	t.Helper()
	var out struct {
		Targets []map[string]any `json:"targets"`
	}
	x.from.BL(t, "GET", "/targets", nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, tg := range out.Targets {
		if tg["id"] == id {
			return tg
		}
	}
	t.Fatalf("no target %s", id)
	return nil
}

func ts(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("not a timestamp: %v", v)
	}
	return at
}

// TestPlacementGoesLiveAndIsLost follows one link: reserved at the first
// run, placed into the host article at the next, live (credits settle,
// backlink.verified) at the first check an hour later; then missing on
// three checks in a row, lost (credits back, backlink.lost).
func TestPlacementGoesLiveAndIsLost(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	article := x.hostArticle(t, "Home brewing basics")
	hostURL := "https://" + x.host.Host + "/posts/" + article

	run(t, e)
	in := one(t, x.from.Placements(t, "direction=inbound"))
	want := map[string]any{
		"id": in["id"], "direction": "inbound", "status": "reserved", "target_url": x.target, "anchor_used": "burr grinder",
		"host_url": hostURL, "host_article_id": nil, "credits": 1, "reserved_at": in["reserved_at"], "placed_at": nil,
		"live_at": nil, "ended_at": nil, "expires_at": in["expires_at"], "last_checked_at": nil, "end_reason": nil,
	}
	if !equalJSON(in, want) {
		t.Fatalf("reserved placement\n got %v\nwant %v", in, want)
	}
	if d := ts(t, in["expires_at"]).Sub(ts(t, in["reserved_at"])); d != 24*time.Hour {
		t.Fatalf("a reservation expires after %v", d)
	}
	hosted := one(t, x.host.Placements(t, "direction=hosted"))
	if hosted["id"] != in["id"] || hosted["direction"] != "hosted" || hosted["host_article_id"] != article {
		t.Fatalf("hosted copy: %v", hosted)
	}
	if c := x.from.Credits(t); c != [4]int{29, 1, 0, 0} {
		t.Fatalf("requester credits after the reservation: %v", c)
	}
	if n := x.from.counts(t); n != [3]int{0, 0, 1} {
		t.Fatalf("requester counts: %v", n)
	}
	if n := x.host.counts(t); n != [3]int{0, 0, 1} {
		t.Fatalf("host counts: %v", n)
	}
	if len(x.from.Placements(t, "direction=hosted")) != 0 || len(x.host.Placements(t, "direction=inbound")) != 0 {
		t.Fatal("direction filter")
	}

	run(t, e)
	in = one(t, x.from.Placements(t, "status=placed"))
	if in["placed_at"] == nil || ts(t, in["expires_at"]).Sub(ts(t, in["placed_at"])) != 72*time.Hour {
		t.Fatalf("placed: %v", in)
	}
	body := x.host.article(t, article)["body_markdown"].(string)
	if !strings.Contains(body, "A good [burr grinder]("+x.target+") makes better coffee.") {
		t.Fatalf("host article body: %q", body)
	}
	if ev := x.host.events(t, "article.updated"); len(ev) != 1 || !equalJSON(ev[0]["data"].(map[string]any)["changed"], []string{"body_markdown"}) {
		t.Fatalf("article.updated events: %v", ev)
	}
	if tg := x.targetNow(t, x.targetID); tg["last_placed_at"] != in["placed_at"] || num(t, tg, "live_count") != 0 {
		t.Fatalf("target after placing: %v", tg)
	}

	advance(t, e, hour+60)
	in = one(t, x.from.Placements(t, "direction=inbound"))
	if in["status"] != "live" || in["live_at"] == nil || in["last_checked_at"] != in["live_at"] || in["expires_at"] != nil {
		t.Fatalf("live: %v", in)
	}
	if c := x.from.Credits(t); c != [4]int{29, 0, 0, 1} {
		t.Fatalf("requester credits once live: %v", c)
	}
	if c := x.host.Credits(t); c != [4]int{31, 0, 1, 0} {
		t.Fatalf("host credits once live: %v", c)
	}
	if x.from.counts(t) != [3]int{1, 0, 0} || x.host.counts(t) != [3]int{0, 1, 0} {
		t.Fatalf("counts once live: %v %v", x.from.counts(t), x.host.counts(t))
	}
	if num(t, x.targetNow(t, x.targetID), "live_count") != 1 {
		t.Fatal("target live_count")
	}
	o := x.host.Overview(t)
	if num(t, o, "authority_score") != 26 || num(t, o, "tier") != 1 || num(t, o, "reputation") != 55 {
		t.Fatalf("host scores: %v", o)
	}
	for side, m := range map[string]*member{"inbound": x.from, "hosted": x.host} {
		ev := m.events(t, "backlink.verified")
		if len(ev) != 1 {
			t.Fatalf("%s backlink.verified: %v", side, ev)
		}
		p := ev[0]["data"].(map[string]any)["placement"].(map[string]any)
		if p["id"] != in["id"] || p["direction"] != side || p["status"] != "live" || ev[0]["site_id"] != m.Site {
			t.Fatalf("%s event: %v", side, ev[0])
		}
	}

	// The host's page loses the link; three checks in a row miss it.
	x.host.Web.Site(x.host.Host).StripLinks(article, true)
	advance(t, e, 7*day)
	in = one(t, x.from.Placements(t, "direction=inbound"))
	if in["status"] != "live" || in["last_checked_at"] == in["live_at"] {
		t.Fatalf("after one miss: %v", in)
	}
	advance(t, e, day)
	if in = one(t, x.from.Placements(t, "")); in["status"] != "live" {
		t.Fatalf("after two misses: %v", in)
	}
	advance(t, e, day)
	in = one(t, x.from.Placements(t, ""))
	if in["status"] != "lost" || in["end_reason"] != "link_missing" || in["ended_at"] == nil {
		t.Fatalf("after three misses: %v", in)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits once lost: %v", c)
	}
	if c := x.host.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("host credits once lost: %v", c)
	}
	if x.from.counts(t) != [3]int{0, 0, 0} || x.host.counts(t) != [3]int{0, 0, 0} {
		t.Fatal("counts once lost")
	}
	if len(x.from.events(t, "backlink.lost")) != 1 || len(x.host.events(t, "backlink.lost")) != 1 {
		t.Fatal("backlink.lost on both accounts")
	}
	body = x.host.article(t, article)["body_markdown"].(string)
	if strings.Contains(body, x.target) || !strings.Contains(body, "A good burr grinder makes better coffee.") {
		t.Fatalf("body after the loss: %q", body)
	}
	if num(t, x.host.Overview(t), "reputation") != 50+2-15 {
		t.Fatalf("host reputation after a lost link: %v", x.host.Overview(t)["reputation"])
	}
	// The article never links the requester's domain again.
	run(t, e)
	if len(x.from.Placements(t, "")) != 1 {
		t.Fatal("a lost pairing was matched again")
	}
}
