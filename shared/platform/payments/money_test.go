package payments

import (
	"encoding/json"
	"testing"
	"time"
)

func TestCentsJSON(t *testing.T) {
	for _, tc := range []struct {
		c    Cents
		want string
	}{{4950, "49.5"}, {9900, "99"}, {1, "0.01"}, {1234, "12.34"}, {0, "0"}, {14850, "148.5"}, {1610, "16.1"}} {
		b, err := json.Marshal(tc.c)
		if err != nil || string(b) != tc.want {
			t.Errorf("%d cents = %s (%v), want %s", tc.c, b, err, tc.want)
		}
	}
}

func TestProrate(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	end := AddMonths(start, 1) // 31 days
	for _, tc := range []struct {
		name string
		at   time.Time
		want Cents
	}{
		{"at start", start, 4950},
		{"before start", start.Add(-time.Hour), 4950},
		{"half way", start.Add(end.Sub(start) / 2), 2475},
		{"one day left", end.Add(-24 * time.Hour), 160}, // 4950/31 = 159.68
		{"at end", end, 0},
		{"after end", end.Add(time.Second), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Prorate(4950, start, end, tc.at); got != tc.want {
				t.Fatalf("Prorate = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestAddMonths(t *testing.T) {
	for _, tc := range []struct{ from, want string }{
		{"2026-01-31T10:00:00Z", "2026-02-28T10:00:00Z"},
		{"2028-01-31T10:00:00Z", "2028-02-29T10:00:00Z"},
		{"2026-03-15T00:00:00Z", "2026-04-15T00:00:00Z"},
		{"2026-12-31T23:59:59Z", "2027-01-31T23:59:59Z"},
	} {
		from, _ := time.Parse(time.RFC3339, tc.from)
		if got := AddMonths(from, 1).Format(time.RFC3339); got != tc.want {
			t.Errorf("AddMonths(%s, 1) = %s, want %s", tc.from, got, tc.want)
		}
	}
}

// NextPeriodEnd continues the periods AddMonths makes from any anchor,
// whichever period it is given.
func TestNextPeriodEndFollowsTheAnchor(t *testing.T) {
	for _, anchor := range []time.Time{
		time.Date(2026, 1, 31, 9, 30, 15, 0, time.UTC), time.Date(2026, 1, 30, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 29, 23, 59, 59, 0, time.UTC), time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC),
		time.Date(2026, 3, 31, 8, 0, 0, 0, time.UTC), time.Date(2024, 2, 29, 8, 0, 0, 0, time.UTC),
		time.Date(2026, 5, 15, 8, 0, 0, 0, time.UTC), time.Date(2026, 8, 31, 8, 0, 0, 0, time.UTC),
	} {
		for n := 1; n < 30; n++ {
			start, end := AddMonths(anchor, n-1), AddMonths(anchor, n)
			if got, want := NextPeriodEnd(start, end), AddMonths(anchor, n+1); !got.Equal(want) {
				t.Fatalf("anchor %v period %d [%v, %v): next end %v, want %v", anchor, n, start, end, got, want)
			}
		}
	}
}
