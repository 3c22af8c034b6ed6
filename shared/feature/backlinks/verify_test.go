package backlinks

import (
	"testing"
	"time"
)

// TestApplyCheck walks the domain statuses through manual and scheduled
// checks.
func TestApplyCheck(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	pass := []Check{{Method: MethodDNS}, {Method: MethodMeta, OK: true}, {Method: MethodWellKnown}}
	fail := []Check{{Method: MethodDNS}, {Method: MethodMeta}, {Method: MethodWellKnown}}
	set := newSettings("a", "s")
	set.setStatus(DomainUnverified)

	applyCheck(&set, fail, now, false)
	if set.status() != DomainUnverified || set.VerifiedAt != nil {
		t.Fatalf("failed first check: %s", set.status())
	}
	applyCheck(&set, pass, now, false)
	first := *set.VerifiedAt
	if set.status() != DomainVerified || set.NextRecheckAt != "2026-03-08T12:00:00.000000Z" {
		t.Fatalf("passed: %s next %s", set.status(), set.NextRecheckAt)
	}
	steps := []struct {
		checks    []Check
		scheduled bool
		want      string
		failures  int
	}{
		{fail, false, DomainVerifying, 0}, // a manual miss starts the grace
		{pass, false, DomainVerified, 0},  // found again: verified, verified_at kept
		{fail, true, DomainVerifying, 1},  // scheduled misses count
		{fail, false, DomainVerifying, 1}, // manual ones do not
		{fail, true, DomainVerifying, 2},  //
		{fail, true, DomainSuspended, 3},  // the third in a row suspends
		{fail, true, DomainSuspended, 4},  //
		{pass, true, DomainVerified, 0},   // a proof found again: verified anew
	}
	for i, s := range steps {
		now = now.Add(time.Hour)
		applyCheck(&set, s.checks, now, s.scheduled)
		if set.status() != s.want || set.Failures != s.failures {
			t.Fatalf("step %d: %s with %d failures, want %s with %d", i, set.status(), set.Failures, s.want, s.failures)
		}
		if i == 1 && *set.VerifiedAt != first {
			t.Fatal("verified_at moved after a grace")
		}
	}
	if *set.VerifiedAt == first {
		t.Fatal("verified_at kept after a suspension")
	}
	if !set.proven() || set.hosting() {
		t.Fatal("proven and hosting")
	}
	set.OptedIn = true
	set.indexes()
	if set.GSI2PK == "" || set.GSI1PK == "" {
		t.Fatal("a verified, opted-in site is in the host pool and the re-check index")
	}
}
