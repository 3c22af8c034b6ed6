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
	e := m.Env
	m.Verify(t)
	first := m.Overview(t)["verified_at"]
	m.BL(t, "PATCH", "", map[string]any{"opted_in": true}).Expect(t, http.StatusOK)
	site := m.Web.Site(m.Host)

	advance(t, e, 7*day+60) // proof still there
	if o := m.Overview(t); o["status"] != "verified" || o["verified_at"] != first {
		t.Fatalf("after a passing re-check: %v", o)
	}
	site.SetWellKnown("")
	advance(t, e, 7*day+60)
	if s := m.Overview(t)["status"]; s != "verifying" {
		t.Fatalf("after one failed re-check: %v", s)
	}
	advance(t, e, day+60)
	if s := m.Overview(t)["status"]; s != "verifying" {
		t.Fatalf("after two failed re-checks: %v", s)
	}
	advance(t, e, day+60)
	if s := m.Overview(t)["status"]; s != "suspended" {
		t.Fatalf("after three failed re-checks: %v", s)
	}
	m.BL(t, "POST", "/targets", map[string]any{"url": "https://" + m.Host + "/x", "anchors": []string{"aa", "bb", "cc"}}).ExpectError(t, http.StatusConflict, "conflict")
	m.BL(t, "PATCH", "", map[string]any{"opted_in": true}).ExpectError(t, http.StatusConflict, "conflict")

	v := m.BL(t, "POST", "/domain", map[string]any{"domain": m.Host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	site.SetWellKnown(v["token"].(string))
	v = verifyOnce(t, m)
	if v["status"] != "verified" || v["verified_at"] == first {
		t.Fatalf("verified again: %v", v)
	}
}
