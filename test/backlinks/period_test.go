package backlinks_test

import (
	"net/http"
	"testing"
)

// TestHeldCreditsReturnIntoTheirPeriod: a reservation made near the end
// of the requester's billing period expires unplaced after the period
// renewed. Its held credit goes back into the period it came from
// (README, Credits: a refund goes back into the period the credit came
// from), which is over: the new period's grant stands, not grant + 1.
func TestHeldCreditsReturnIntoTheirPeriod(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	backlinkCredits := func() map[string]any {
		c := x.from.API(t, "GET", "/sites/"+x.from.Site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
		return c["backlink_credits"].(map[string]any)
	}
	advance(t, e, 29*day+22*hour)
	x.hostArticle(t, "Late in the period")
	run(t, e)
	if c := x.from.Credits(t); c != [4]int{29, 1, 0, 0} {
		t.Fatalf("requester credits after the reservation: %v", c)
	}
	x.host.BL(t, "PATCH", "", map[string]any{"opted_in": false}).Expect(t, http.StatusOK) // never placed
	advance(t, e, 25*hour)                                                                // the period renews, the reservation expires
	run(t, e)
	p := one(t, x.from.Placements(t, "direction=inbound"))
	if p["status"] != "expired" || p["end_reason"] != "not_placed" {
		t.Fatalf("placement: %v", p)
	}
	if c := backlinkCredits(); num(t, c, "balance") != 30 || num(t, c, "allowance") != 30 {
		t.Fatalf("backlink credits in the new period: %v, want the grant of 30", c)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits: %v", c)
	}
}

// TestLostLinkRefundStaysInItsPeriod: a link goes live in the requester's
// first billing period and is lost in the next. Defect: the lost link's
// credit went back to the requester's current balance, on top of the new
// period's grant, which showed 31 of 30. Rule (spec 4.7: credits settle
// when a link is verified live, and a lost one's go back; README, Credits:
// a refund goes back into the period the credit came from): the credit
// was taken from the requester's first period at reservation, so it goes
// back into that period only, which is over: the new period's grant of 30
// stands, never more than the period's total.
func TestLostLinkRefundStaysInItsPeriod(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	article := x.hostArticle(t, "Grinders through the year")
	run(t, e)
	run(t, e)
	advance(t, e, hour+60)
	if p := one(t, x.from.Placements(t, "direction=inbound")); p["status"] != "live" {
		t.Fatalf("placement before the renewal: %v", p)
	}
	advance(t, e, 31*day) // the requester's period renews; the link stays live
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 1} {
		t.Fatalf("requester credits in the new period: %v", c)
	}
	x.host.Web.Site(x.host.Host).StripLinks(article, true)
	for i := 0; i < 20 && one(t, x.from.Placements(t, "direction=inbound"))["status"] == "live"; i++ {
		advance(t, e, day)
	}
	if p := one(t, x.from.Placements(t, "direction=inbound")); p["status"] != "lost" {
		t.Fatalf("placement after the link went missing: %v", p)
	}
	c := x.from.API(t, "GET", "/sites/"+x.from.Site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	if b := c["backlink_credits"].(map[string]any); num(t, b, "balance") != 30 || num(t, b, "allowance") != 30 {
		t.Fatalf("requester backlink credits after the loss: %v, want the new period's 30 of 30", b)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits after the loss: %v", c)
	}
}
