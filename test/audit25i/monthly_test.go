package audit25i

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestReservationThatNeverBecameALinkFreesTheMonthlyCap: a reservation
// that expires without the link ever being live gives the target's month
// back. Spec 4.7: a target's max_new_links_per_month (1 to 10, default 4)
// caps its new links; README ("Backlink exchange", Matching): matching
// respects "each target's monthly cap (UTC calendar month)"; a
// reservation "that cannot be placed within 24 hours expires
// (not_placed)" and its held credits return. A reservation that expired
// made no link, so it is no new link of the month. Before the fix it
// still counted: a target with a cap of 1 whose only reservation expired
// (the host opted out) got no link from any other host until the next
// month.
func TestReservationThatNeverBecameALinkFreesTheMonthlyCap(t *testing.T) {
	p := newPair(t)
	p.from.BL(t, "PATCH", "/targets/"+p.targetID, map[string]any{"max_new_links_per_month": 1}).Expect(t, http.StatusOK)
	second := paidMember(t, p.env, p.host.Web, "second")
	second.BL(t, "PATCH", "", map[string]any{"opted_in": true, "topic_tags": []string{p.topic}}).Expect(t, http.StatusOK)
	second.Publish(t, "Grinders compared", []string{p.topic})
	// Early in a month, so the 24 hours below stay in it.
	now, err := time.Parse(time.RFC3339Nano, p.env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	p.env.Advance(t, time.Date(now.Year(), now.Month()+1, 2, 0, 0, 0, 0, time.UTC).Sub(now).Seconds())
	p.env.RunScheduled(t) // the reservation
	first := one(t, p.from.Placements(t, "direction=inbound"))
	hosts := map[string]*member{p.host.Site: p.host, second.Site: second}
	var took *member
	for _, h := range hosts {
		if len(h.Placements(t, "direction=hosted")) == 1 {
			took = h
		}
	}
	if took == nil {
		t.Fatalf("no host holds the reservation %v", first)
	}
	took.BL(t, "PATCH", "", map[string]any{"opted_in": false}).Expect(t, http.StatusOK)
	p.env.Advance(t, 24*hour+60)
	p.env.RunScheduled(t)
	ended := p.from.Placements(t, "direction=inbound&status=expired")
	if len(ended) != 1 || ended[0]["end_reason"] != "not_placed" {
		t.Fatalf("the reservation did not expire: %v", p.from.Placements(t, ""))
	}

	p.env.RunScheduled(t)
	active := p.from.Placements(t, "direction=inbound&status=reserved,placed,live")
	if len(active) != 1 {
		t.Fatalf("after the expired reservation, the target got %d new reservations in the month, want 1 (cap 1, nothing linked yet)", len(active))
	}
	other := second
	if took == second {
		other = p.host
	}
	if got := one(t, other.Placements(t, "direction=hosted")); !strings.HasSuffix(got["target_url"].(string), "/grinders") {
		t.Fatalf("new placement: %v", got)
	}
}
