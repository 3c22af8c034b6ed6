package backlinks_test

import (
	"net/http"
	"testing"
)

// TestDomainSuspendedAfterFailedRechecks: a verified domain is re-checked
// weekly; a missing proof moves it to verifying, and three failed
// re-checks in a row to suspended, which keeps it out of the exchange
// until a check finds the proof again.
func TestDomainSuspendedAfterFailedRechecks(t *testing.T) {
	m := paidMember(t, "recheck")
	e := m.env
	m.verify(t)
	first := m.overview(t)["verified_at"]
	m.bl(t, "PATCH", "", map[string]any{"opted_in": true}).Expect(t, http.StatusOK)
	site := m.web.Site(m.host)

	advance(t, e, 7*day+60) // proof still there
	if o := m.overview(t); o["status"] != "verified" || o["verified_at"] != first {
		t.Fatalf("after a passing re-check: %v", o)
	}
	site.SetWellKnown("")
	advance(t, e, 7*day+60)
	if s := m.overview(t)["status"]; s != "verifying" {
		t.Fatalf("after one failed re-check: %v", s)
	}
	advance(t, e, day+60)
	if s := m.overview(t)["status"]; s != "verifying" {
		t.Fatalf("after two failed re-checks: %v", s)
	}
	advance(t, e, day+60)
	if s := m.overview(t)["status"]; s != "suspended" {
		t.Fatalf("after three failed re-checks: %v", s)
	}
	m.bl(t, "POST", "/targets", map[string]any{"url": "https://" + m.host + "/x", "anchors": []string{"aa", "bb", "cc"}}).ExpectError(t, http.StatusConflict, "conflict")
	m.bl(t, "PATCH", "", map[string]any{"opted_in": true}).ExpectError(t, http.StatusConflict, "conflict")

	v := m.bl(t, "POST", "/domain", map[string]any{"domain": m.host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	site.SetWellKnown(v["token"].(string))
	v = verifyOnce(t, m)
	if v["status"] != "verified" || v["verified_at"] == first {
		t.Fatalf("verified again: %v", v)
	}
}
