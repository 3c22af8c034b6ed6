package backlinks_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHostRemovesLinks: the host removes a live link (its earned credit is
// taken back and returned to the requester) and a placed one that never
// went live (the held credit returns); both anchors are unlinked, their
// words kept. Only the host can remove, and only once.
func TestHostRemovesLinks(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	second := x.addTarget(t, "https://"+x.from.Host+"/mills")
	first := x.hostArticle(t, "Grinder guide")
	other := x.hostArticle(t, "Cleaning guide")

	run(t, e) // two reservations, one per target and article
	run(t, e) // both placed
	byArticle := map[string]map[string]any{}
	for _, p := range x.host.Placements(t, "direction=hosted&status=placed") {
		byArticle[p["host_article_id"].(string)] = p
	}
	if len(byArticle) != 2 || byArticle[first] == nil || byArticle[other] == nil {
		t.Fatalf("hosted placements by article: %v", byArticle)
	}
	live, notLive := byArticle[first], byArticle[other]
	if live["target_url"] != x.target || notLive["target_url"] != "https://"+x.from.Host+"/mills" {
		t.Fatalf("pairings: %v / %v", live, notLive)
	}
	x.host.Web.Site(x.host.Host).StripLinks(other, true) // that page never shows the link
	advance(t, e, hour+60)
	if s := x.host.Placements(t, "status=live"); len(s) != 1 || s[0]["id"] != live["id"] {
		t.Fatalf("live placements: %v", s)
	}
	if c := x.from.Credits(t); c != [4]int{28, 1, 0, 1} {
		t.Fatalf("requester credits with one live and one placed: %v", c)
	}

	// The requester cannot remove a link; the host cannot remove an inbound one.
	x.from.BL(t, "DELETE", "/placements/"+live["id"].(string), nil).ExpectError(t, http.StatusConflict, "conflict")

	// Not live: the held credit returns to the requester.
	got := x.host.BL(t, "DELETE", "/placements/"+notLive["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)["placement"].(map[string]any)
	if got["status"] != "cancelled" || got["end_reason"] != "removed_by_host" || got["ended_at"] == nil || got["direction"] != "hosted" || got["host_article_id"] != other {
		t.Fatalf("cancelled placement: %v", got)
	}
	if c := x.from.Credits(t); c != [4]int{29, 0, 0, 1} {
		t.Fatalf("requester credits after removing the placed link: %v", c)
	}
	if c := x.host.Credits(t); c != [4]int{31, 0, 1, 0} {
		t.Fatalf("host credits after removing the placed link: %v", c)
	}
	wantUnlinked(t, x.host, other, "https://"+x.from.Host+"/mills")

	// Live: the host's earned credit is taken back, the requester's returns.
	got = x.host.BL(t, "DELETE", "/placements/"+live["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)["placement"].(map[string]any)
	if got["status"] != "cancelled" || got["live_at"] == nil {
		t.Fatalf("cancelled live placement: %v", got)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits after removing the live link: %v", c)
	}
	if c := x.host.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("host credits after removing the live link: %v", c)
	}
	if x.from.counts(t) != [3]int{0, 0, 0} || x.host.counts(t) != [3]int{0, 0, 0} {
		t.Fatalf("counts: %v %v", x.from.counts(t), x.host.counts(t))
	}
	if num(t, x.host.Overview(t), "reputation") != 50-10 {
		t.Fatalf("host reputation after removing a live link: %v", x.host.Overview(t)["reputation"])
	}
	wantUnlinked(t, x.host, first, x.target)
	if in := x.from.Placements(t, "direction=inbound&status=cancelled"); len(in) != 2 {
		t.Fatalf("requester's cancelled placements: %v", in)
	}
	if tg := x.targetNow(t, x.targetID); num(t, tg, "live_count") != 0 {
		t.Fatalf("target after removal: %v", tg)
	}
	x.targetNow(t, second)

	x.host.BL(t, "DELETE", "/placements/"+live["id"].(string), nil).ExpectError(t, http.StatusConflict, "conflict")
	wantFields(t, x.host.BL(t, "GET", "/placements?direction=sideways&status=live,gone", nil), "direction", "status")

	// Someone else's placement answers like a random id.
	stranger := paidMember(t, "stranger")
	theirs := stranger.BL(t, "DELETE", "/placements/"+live["id"].(string), nil)
	random := stranger.BL(t, "DELETE", "/placements/0190a5b2-0000-7000-8000-000000000003", nil)
	theirs.ExpectError(t, http.StatusNotFound, "not_found")
	if !bytes.Equal(theirs.Body, random.Body) {
		t.Fatalf("another account's placement: %s, a random id: %s", theirs.Body, random.Body)
	}
	var acts struct {
		Activity []map[string]any `json:"activity"`
	}
	x.host.API(t, "GET", "/activity?site_id="+x.host.Site, nil).Expect(t, http.StatusOK).Decode(t, &acts)
	removed := 0
	for _, a := range acts.Activity {
		if a["action"] == "backlink.removed" {
			removed++
		}
	}
	if removed != 2 {
		t.Fatalf("backlink.removed activity entries: %d", removed)
	}
}

// wantUnlinked fails unless the article no longer links target and kept
// the anchor's words.
func wantUnlinked(t *testing.T, m *member, article, target string) {
	t.Helper()
	body := m.article(t, article)["body_markdown"].(string)
	if strings.Contains(body, target) || !strings.Contains(body, "A good burr grinder makes better coffee.") {
		t.Fatalf("article %s after removal: %q", article, body)
	}
}

// TestReservationExpires: a reservation whose host stopped hosting is not
// placed; after 24 hours it expires and the held credit returns. (One
// whose host article was deleted ends at once: test/audit27a.)
func TestReservationExpires(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	x.hostArticle(t, "Short-lived post")
	run(t, e)
	in := one(t, x.from.Placements(t, "status=reserved"))
	x.host.BL(t, "PATCH", "", map[string]any{"opted_in": false}).Expect(t, http.StatusOK)
	run(t, e)
	if in = one(t, x.from.Placements(t, "")); in["status"] != "reserved" {
		t.Fatalf("after a failed placing: %v", in)
	}
	advance(t, e, 24*hour)
	in = one(t, x.from.Placements(t, ""))
	if in["status"] != "expired" || in["end_reason"] != "not_placed" || in["ended_at"] == nil || in["placed_at"] != nil || in["expires_at"] != nil {
		t.Fatalf("expired: %v", in)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits after the expiry: %v", c)
	}
	if x.from.counts(t) != [3]int{0, 0, 0} || x.host.counts(t) != [3]int{0, 0, 0} {
		t.Fatal("counts after the expiry")
	}
}

// TestPlacedLinkNotLiveExpiresOnTime: a placed link the host's page never
// shows is checked for the last time at its 72-hour deadline, not at the
// next six-hourly check after it, and expires (not_live) with the held
// credit back.
func TestPlacedLinkNotLiveExpiresOnTime(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	article := x.hostArticle(t, "Grinder care")
	x.host.Web.Site(x.host.Host).StripLinks(article, true)
	run(t, e) // reserved
	run(t, e) // placed
	in := one(t, x.from.Placements(t, "status=placed"))
	deadline := ts(t, in["expires_at"])
	// The checks come when due (the scheduler runs every minute in AWS):
	// an hour after placing, then every 6 hours, the last regular one at
	// 67 hours, whose next would be at 73.
	advance(t, e, hour+60)
	for now := ts(t, in["placed_at"]).Add((hour + 60) * time.Second); now.Add(6 * hour * time.Second).Before(deadline); now = now.Add(6 * hour * time.Second) {
		advance(t, e, 6*hour)
		if in = one(t, x.from.Placements(t, "")); in["status"] != "placed" {
			t.Fatalf("before the deadline: %v", in)
		}
	}
	clockNow := func() time.Time {
		var c struct{ Now string }
		e.Client().Do(t, "GET", "/_dev/clock", nil).Expect(t, http.StatusOK).Decode(t, &c)
		return ts(t, c.Now)
	}
	advance(t, e, deadline.Sub(clockNow()).Seconds()+60)
	in = one(t, x.from.Placements(t, ""))
	if in["status"] != "expired" || in["end_reason"] != "not_live" {
		t.Fatalf("a minute after the deadline: %v", in)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits after the expiry: %v", c)
	}
}
