package pages

import (
	"strings"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
)

// TestPastDueSaysWhenWritingStops: the overview's past-due item says in
// words how soon article writing stops, with the moment, and once the
// grace has run out that it stopped.
func TestPastDueSaysWhenWritingStops(t *testing.T) {
	since := time.Date(2027, 3, 10, 14, 5, 0, 0, time.UTC)
	c := &clock.Fixed{T: since.Add(time.Hour)}
	d := &Dashboard{Clock: c}
	stamp := since.Format(time.RFC3339Nano)
	b := apiBilling{Status: "past_due", PastDueSince: &stamp}
	got := d.accountAttention(b, nil)
	if len(got) != 1 || !strings.Contains(got[0].Text, "Article writing stops in 2 days (12 Mar 2027 14:05 UTC) unless the card is updated.") {
		t.Fatalf("past due during the grace: %+v", got)
	}
	c.Add(3 * 24 * time.Hour)
	got = d.accountAttention(b, nil)
	if len(got) != 1 || !strings.Contains(got[0].Text, "Article writing stopped 1 day ago (12 Mar 2027 14:05 UTC).") {
		t.Fatalf("past due after the grace: %+v", got)
	}
}
