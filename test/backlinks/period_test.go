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
	e := x.from.env
	backlinkCredits := func() map[string]any {
		c := x.from.api(t, "GET", "/sites/"+x.from.site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
		return c["backlink_credits"].(map[string]any)
	}
	advance(t, e, 29*day+22*hour)
	x.hostArticle(t, "Late in the period")
	run(t, e)
	if c := x.from.credits(t); c != [4]int{29, 1, 0, 0} {
		t.Fatalf("requester credits after the reservation: %v", c)
	}
	x.host.bl(t, "PATCH", "", map[string]any{"opted_in": false}).Expect(t, http.StatusOK) // never placed
	advance(t, e, 25*hour)                                                                // the period renews, the reservation expires
	run(t, e)
	p := one(t, x.from.placements(t, "direction=inbound"))
	if p["status"] != "expired" || p["end_reason"] != "not_placed" {
		t.Fatalf("placement: %v", p)
	}
	if c := backlinkCredits(); num(t, c, "balance") != 30 || num(t, c, "allowance") != 30 {
		t.Fatalf("backlink credits in the new period: %v, want the grant of 30", c)
	}
	if c := x.from.credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits: %v", c)
	}
}
