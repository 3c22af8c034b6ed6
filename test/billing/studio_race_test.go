package billing_test

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// burst sends n requests a few milliseconds apart, so that some read the
// site while another request changes it, and returns their statuses.
func (r *rig) burst(t *testing.T, n int, method, path string) []int {
	t.Helper()
	return testenv.AtOnce(n, func(i int) int {
		time.Sleep(time.Duration(i) * 3 * time.Millisecond)
		return r.api(t, method, path, nil).Status
	})
}

// processorSites returns how many Studio sites the processor's
// subscription bills.
func (r *rig) processorSites(t *testing.T) float64 {
	t.Helper()
	sub := r.portal(t, "card", map[string]any{"card": cardOK}).Expect(t, http.StatusOK).JSON(t)["subscription"].(map[string]any)
	return sub["studio_sites"].(float64)
}

// DELETEs of one Studio site sent at once schedule its removal once: the
// subscription stops billing that one site, not one site per request
// (spec 4.5: a DELETE of a site whose removal is already scheduled
// returns it unchanged). Restores sent at once keep it once.
func TestConcurrentRemovesAndKeepsOfOneSite(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	var ids []string
	for _, name := range []string{"race-a", "race-b"} {
		site := r.api(t, "POST", "/sites", newSite(name, nil), "Idempotency-Key: "+name).Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
		ids = append(ids, site["id"].(string))
	}
	for round := range 3 {
		for i, s := range r.burst(t, 16, "DELETE", "/sites/"+ids[0]) {
			if s != http.StatusOK && s != http.StatusConflict {
				t.Fatalf("round %d: DELETE %d answered %d", round, i, s)
			}
		}
		if b := r.billing(t); b["studio_sites"] != 1.0 {
			t.Fatalf("round %d: after DELETEs of one site, studio_sites = %v, want 1", round, b["studio_sites"])
		}
		if n := r.processorSites(t); n != 1 {
			t.Fatalf("round %d: after DELETEs of one site, the processor bills %v Studio sites, want 1", round, n)
		}
		for i, s := range r.burst(t, 16, "POST", "/sites/"+ids[0]+"/restore") {
			if s != http.StatusOK && s != http.StatusConflict {
				t.Fatalf("round %d: restore %d answered %d", round, i, s)
			}
		}
		if b := r.billing(t); b["studio_sites"] != 2.0 {
			t.Fatalf("round %d: after restores of one site, studio_sites = %v, want 2", round, b["studio_sites"])
		}
		if n := r.processorSites(t); n != 2 {
			t.Fatalf("round %d: after restores of one site, the processor bills %v Studio sites, want 2", round, n)
		}
	}
	if n := r.count(t, "site.removal_scheduled"); n != 3 {
		t.Fatalf("%d site.removal_scheduled events, want one a round (3)", n)
	}
}
