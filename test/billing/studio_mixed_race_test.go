package billing_test

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// Adds of new Studio sites, removals and restores of another sent all at
// once: whatever wins, the service's studio_sites, the processor's billed
// quantity and the sites listed as billed agree, and every site charge has
// its site.
func TestStudioAddsRemovesAndRestoresAtOnce(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	first := r.api(t, "POST", "/sites", newSite("mixed-first", nil), "Idempotency-Key: mixed-first").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	for round := range 3 {
		statuses := testenv.AtOnce(18, func(i int) int {
			switch i % 3 {
			case 0:
				return r.api(t, "POST", "/sites", newSite(fmt.Sprintf("mixed-%d-%d", round, i), nil), fmt.Sprintf("Idempotency-Key: mixed-%d-%d", round, i)).Status
			case 1:
				return r.api(t, "DELETE", "/sites/"+first, nil).Status
			default:
				return r.api(t, "POST", "/sites/"+first+"/restore", nil, fmt.Sprintf("Idempotency-Key: keep-%d-%d", round, i)).Status
			}
		})
		for i, s := range statuses {
			if s != http.StatusOK && s != http.StatusCreated && s != http.StatusConflict {
				t.Errorf("round %d: request %d answered %d", round, i, s)
			}
		}
		billed := 0
		for _, s := range r.sites(t) {
			if s["kind"] == "studio" && s["status"] == "active" && s["removes_at"] == nil {
				billed++
			}
		}
		b := r.billing(t)
		if n := r.processorSites(t); b["studio_sites"] != n || n != float64(billed) {
			t.Errorf("round %d (%v): studio_sites %v, the processor bills %v, %d sites kept", round, statuses, b["studio_sites"], n, billed)
		}
	}
	if got, sites := len(r.succeeded(t))-1, len(r.sites(t))-1; got != sites {
		t.Errorf("%d site charges for %d Studio sites", got, sites)
	}
}
