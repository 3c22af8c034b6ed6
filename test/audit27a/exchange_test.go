package audit27a

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRemovePlacementReplaysAfterCrash: spec 4.1 ("Same key, same body
// within 24 hours: the original response is replayed ... and nothing runs
// twice") and 4.7 ("DELETE .../placements/{placement_id} ... Returns
// { placement } with status cancelled"); README ("Idempotency"): the
// answers of the deletions are stored with their effect, "so a retry after
// a crash replays" the first answer. Before the fix the removal of a
// hosted link committed its effect (the link unlinked, the credits moved)
// without its answer, so a retry after a crash past that commit ran again
// and answered 409 "This placement already ended" instead of the
// cancelled placement.
func TestRemovePlacementReplaysAfterCrash(t *testing.T) {
	p := newPair(t)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.run(t, 2) // reserved, placed
	placed := p.host.only(t, "direction=hosted&status=placed")
	id := placed["id"].(string)

	got := p.env.CrashThenRetry(t, p.host.Acct.Client, "DELETE", "/sites/"+p.host.Site+"/backlinks/placements/"+id, nil, "remove-crash", http.StatusOK).JSON(t)
	pl, _ := got["placement"].(map[string]any)
	if pl["id"] != id || pl["status"] != "cancelled" || pl["end_reason"] != "removed_by_host" || pl["direction"] != "hosted" {
		t.Fatalf("replayed removal = %v, want the placement cancelled (removed_by_host)", got)
	}
	if strings.Contains(p.host.body(t, p.article), "/grinders") {
		t.Fatal("the link is still in the host article")
	}
	if c := p.from.Credits(t); c[1] != 0 || c[3] != 0 {
		t.Fatalf("requester credits after the removal: %v, want nothing held or spent", c)
	}
}

// TestDeletedTargetEndsItsReservation: spec 4.7 ("DELETE
// .../targets/{target_id} returns { deleted: true, id }; live links stay
// live") and spec 3 (a placement that was not live gives its "credits
// return to requester"); README ("Backlink exchange", Matching): a
// reservation is placed only if "the target still exists". A deleted
// target can never be placed again, so its reservations end with the
// deletion (cancelled, end_reason target_deleted) and the held credits go
// back at once. Before the fix the reservation stayed reserved, its
// credits escrowed, for up to 24 hours until it expired as not_placed.
func TestDeletedTargetEndsItsReservation(t *testing.T) {
	p := newPair(t)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.run(t, 1) // reserved
	before := p.from.Credits(t)
	if before[1] == 0 {
		t.Fatalf("requester credits after the reservation: %v, want some held", before)
	}

	p.from.BL(t, "DELETE", "/targets/"+p.targetID, nil).Expect(t, http.StatusOK)
	pl := p.from.only(t, "direction=inbound")
	if pl["status"] != "cancelled" || pl["end_reason"] != "target_deleted" {
		t.Fatalf("the reservation of the deleted target: %v, want cancelled (target_deleted)", pl)
	}
	if c := p.from.Credits(t); c[0] != before[0]+before[1] || c[1] != 0 {
		t.Fatalf("requester credits after deleting the target: %v, want %d back (was %v)", c, before[1], before)
	}
	if c := p.host.Overview(t)["counts"].(map[string]any); c["in_progress"] != 0.0 {
		t.Fatalf("host counts after the target's deletion: %v", c)
	}
}

// TestDeletedTargetReservationEndsAfterCrash: as
// TestDeletedTargetEndsItsReservation, when the deletion's function died
// right after its commit (the harness's after_commit fault), before it
// ended the reservations: the next placing step finds the target gone and
// ends the reservation at once rather than trying again every half hour
// for 24 hours. Before the fix it stayed reserved until its expiry.
func TestDeletedTargetReservationEndsAfterCrash(t *testing.T) {
	p := newPair(t)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.run(t, 1) // reserved
	before := p.from.Credits(t)

	got := p.env.CrashThenRetry(t, p.from.Acct.Client, "DELETE", "/sites/"+p.from.Site+"/backlinks/targets/"+p.targetID, nil, "target-crash", http.StatusOK).JSON(t)
	if got["deleted"] != true || got["id"] != p.targetID {
		t.Fatalf("replayed deletion = %v", got)
	}
	p.env.Advance(t, 31*60) // past the placing step's retry, if it was tried
	p.run(t, 1)
	pl := p.from.only(t, "direction=inbound")
	if pl["status"] != "cancelled" || pl["end_reason"] != "target_deleted" {
		t.Fatalf("the reservation of the deleted target after a placing step: %v, want cancelled (target_deleted)", pl)
	}
	if c := p.from.Credits(t); c[0] != before[0]+before[1] || c[1] != 0 {
		t.Fatalf("requester credits: %v, want %d back (was %v)", c, before[1], before)
	}
}

// TestPlacementFollowsTargetURLChange: spec 4.7 ("PATCH
// .../targets/{target_id} accepts any create field"); README ("Backlink
// exchange", Matching): a reservation is placed "if both sides still
// allow it: ... the requester's domain is still verified and the target
// on it, the target still exists". The requester moved its target to
// another page after the reservation, so the host's article links the
// target's page as it is now, and the placement's target_url (which link
// checks look for) is that page. Before the fix the link went to the old
// URL the owner had moved away from.
func TestPlacementFollowsTargetURLChange(t *testing.T) {
	p := newPair(t)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.run(t, 1) // reserved
	moved := "https://" + p.from.Host + "/burr-grinders-2027"
	p.from.BL(t, "PATCH", "/targets/"+p.targetID, map[string]any{"url": moved}).Expect(t, http.StatusOK)
	p.run(t, 1) // placed

	pl := p.host.only(t, "direction=hosted")
	if pl["status"] != "placed" || pl["target_url"] != moved {
		t.Fatalf("hosted placement after the target moved: %v, want placed with target_url %s", pl, moved)
	}
	if in := p.from.only(t, "direction=inbound"); in["target_url"] != moved {
		t.Fatalf("inbound placement's target_url = %v, want %s", in["target_url"], moved)
	}
	body := p.host.body(t, p.article)
	if !strings.Contains(body, moved) || strings.Contains(body, p.from.Host+"/grinders)") {
		t.Fatalf("host article after placing links the old page or not the new one:\n%s", body)
	}
}

// TestLapsedRequesterIsNotPlaced: spec 4.7 ("changes need a paid plan")
// and spec 2 (billing `paid` "opens backlinks"); README ("Backlink
// exchange"): "A site takes part while its account is on the paid plan",
// and a reservation is placed "if both sides still allow it". The
// requester's subscription ended between the reservation and its
// placing, so the link is not placed (the reservation waits, and expires
// unless the plan comes back). Before the fix placing weighed the host's
// plan only, and put the lapsed requester's link into the host's article.
func TestLapsedRequesterIsNotPlaced(t *testing.T) {
	p := newPair(t)
	p.env.CancelAtPeriodEnd(t, p.from.Acct)
	b := p.from.API(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	end, err := time.Parse(time.RFC3339, b["current_period_end"].(string))
	if err != nil {
		t.Fatal(err)
	}
	now, err := time.Parse(time.RFC3339, p.env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	p.env.Advance(t, end.Sub(now).Seconds()-2*3600) // two hours before the period ends
	p.run(t, 1)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.run(t, 1) // reserved
	p.from.only(t, "direction=inbound&status=reserved")
	// The host takes no link for now, so nothing is placed while the
	// requester's plan ends.
	p.host.BL(t, "PATCH", "", map[string]any{"max_links_per_article": 0}).Expect(t, http.StatusOK)
	p.env.AdvancePast(t, b["current_period_end"].(string), time.Minute)
	p.run(t, 1)
	if b := p.from.API(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["paid"] != false {
		t.Fatalf("requester billing after its period ended: %v", b)
	}
	if b := p.host.API(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["paid"] != true {
		t.Fatalf("host billing after its period renewed: %v", b)
	}
	p.host.BL(t, "PATCH", "", map[string]any{"max_links_per_article": 1}).Expect(t, http.StatusOK)
	p.env.Advance(t, 31*60)
	p.run(t, 1)
	if pl := p.host.only(t, "direction=hosted"); pl["status"] != "reserved" {
		t.Fatalf("hosted placement of a lapsed requester: %v, want still reserved", pl)
	}
	if strings.Contains(p.host.body(t, p.article), "/grinders") {
		t.Fatal("the lapsed requester's link was put into the host article")
	}
}

// TestDeletedHostArticleEndsItsReservation: spec 3 (a placement that was
// not live gives its "credits return to requester"); README ("Backlink
// exchange", Matching): a reservation is placed into "the host article's
// body" only if both sides still allow it. The host deleted the article
// the link was reserved in, which can never carry it now, so the next
// placing step ends the reservation (cancelled, end_reason
// article_deleted) and the requester's held credits go back then. Before
// the fix the reservation was tried again every half hour, its credits
// held, until it expired as not_placed 24 hours later.
func TestDeletedHostArticleEndsItsReservation(t *testing.T) {
	p := newPair(t)
	p.targetID = p.from.AddTarget(t, "/grinders", []string{p.topic}, nil)
	p.run(t, 1) // reserved
	before := p.from.Credits(t)
	p.host.API(t, "DELETE", "/sites/"+p.host.Site+"/articles/"+p.article, nil).Expect(t, http.StatusOK)
	p.run(t, 1)

	pl := p.host.only(t, "direction=hosted")
	if pl["status"] != "cancelled" || pl["end_reason"] != "article_deleted" {
		t.Fatalf("the reservation in a deleted article: %v, want cancelled (article_deleted)", pl)
	}
	if c := p.from.Credits(t); c[0] != before[0]+before[1] || c[1] != 0 {
		t.Fatalf("requester credits: %v, want %d back (was %v)", c, before[1], before)
	}
}
