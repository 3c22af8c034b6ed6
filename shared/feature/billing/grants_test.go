package billing

import (
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
)

// A report about a period that ended before the recorded one began is
// stale; it misses a grant only when it is a whole period following a
// granted one whose own grant was never recorded: not a period granted
// already, not a Studio site's prorated invoice (it starts mid-period), not
// the current period's own report.
func TestLateReportsAndMissedGrants(t *testing.T) {
	p0 := time.Date(2027, 1, 11, 9, 0, 0, 0, time.UTC)
	p1, p2, p3 := p0.AddDate(0, 1, 0), p0.AddDate(0, 2, 0), p0.AddDate(0, 3, 0)
	r := record{Status: StatusActive, PeriodStart: clock.Format(p2), PeriodEnd: clock.Format(p3)}
	r.noteGrant(p1)
	r.noteGrant(p3)
	sub := func(start, end time.Time) payments.Subscription {
		return payments.Subscription{PeriodStart: start, PeriodEnd: end}
	}
	cases := []struct {
		name          string
		sub           payments.Subscription
		stale, missed bool
	}{
		{"the missed period", sub(p1, p2), true, true},
		{"a period granted already", sub(p0, p1), true, false},
		{"a prorated invoice of the missed period", sub(p1.Add(5*24*time.Hour), p2), true, false},
		{"the current period", sub(p2, p3), false, false},
	}
	for _, c := range cases {
		if got := r.stale(c.sub); got != c.stale {
			t.Errorf("%s: stale %v, want %v", c.name, got, c.stale)
		}
		if got := c.stale && r.missedGrant(c.sub); got != c.missed {
			t.Errorf("%s: missed grant %v, want %v", c.name, got, c.missed)
		}
	}
	r.noteGrant(p2)
	if r.missedGrant(sub(p1, p2)) {
		t.Error("a period whose late grant was recorded is missed again")
	}
	for i := 0; i < 2*maxGranted; i++ {
		r.noteGrant(p3.AddDate(0, i, 0))
	}
	if len(r.Granted) != maxGranted {
		t.Errorf("%d granted periods remembered, want at most %d", len(r.Granted), maxGranted)
	}
}
