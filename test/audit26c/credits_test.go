package audit26c

import (
	"net/http"
	"testing"
)

// TestRemovedLinkReturnsOnlyWhatTheHostGivesBack: when the host of a live
// link has spent what it earned and then removes the link, the requester
// gets back what is taken from the host, and no credit is made from
// nothing. Spec 3, Placement: "DELETE hosted placement ... live link:
// earned credits clawed back"; README ("Backlink exchange", Credits): "a
// lost or host-removed live link takes the earned credits back from the
// host to the requester". A balance never goes below zero, so what a host
// already spent cannot be taken back: the requester now gets back what is
// taken, and lifetime_earned and lifetime_spent go down by as much. Before
// the fix the requester was refunded the full price while nothing could
// be taken from the host: the two balances together grew by the price of
// the link at each such removal (and the host's lifetime_earned dropped
// by credits it kept).
func TestRemovedLinkReturnsOnlyWhatTheHostGivesBack(t *testing.T) {
	s := newStage(t)
	from, host := s.member(t, "from"), s.member(t, "host")
	topic := newTopic()
	host.hostOn(t, topic, nil)
	for range 7 { // authority 20 + 3×7: tier 2, a link costs 2
		host.publish(t, "Grinder guide", topic)
	}
	from.AddTarget(t, "/grinders", []string{topic}, nil)
	s.run(t, 2) // reserved, placed
	s.env.Advance(t, hour+60)
	s.env.RunScheduled(t) // live
	live := one(t, host.placements(t, "direction=hosted&status=live"))
	if c := host.Credits(t); c != [4]int{32, 0, 2, 0} {
		t.Fatalf("host credits after the link went live: %v", c)
	}

	s.drain(t, host, 16) // the host spends all it has on links of its own
	if c := host.Credits(t); c[0] != 0 {
		t.Fatalf("host credits after spending: %v", c)
	}
	beforeFrom, beforeHost := from.Credits(t), host.Credits(t)
	host.BL(t, "DELETE", "/placements/"+live["id"].(string), nil).Expect(t, http.StatusOK)
	afterFrom, afterHost := from.Credits(t), host.Credits(t)
	if sum := afterFrom[0] + afterFrom[1] + afterHost[0] + afterHost[1]; sum != beforeFrom[0]+beforeFrom[1]+beforeHost[0]+beforeHost[1] {
		t.Fatalf("credits made from nothing: requester %v → %v, host %v → %v", beforeFrom, afterFrom, beforeHost, afterHost)
	}
	if afterFrom != [4]int{28, 0, 0, 2} || afterHost != [4]int{0, 32, 2, 0} {
		t.Fatalf("after the removal: requester %v, host %v", afterFrom, afterHost)
	}
}
