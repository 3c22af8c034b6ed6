package pages

import (
	"testing"
	"time"
)

func TestTimesReadAsAPersonReadsThem(t *testing.T) {
	now := time.Date(2027, 3, 12, 17, 5, 0, 0, time.UTC)
	cases := map[string]when{
		"2027-03-12T14:05:00.123456Z": {Rel: "3 hours ago", Abs: "12 Mar 2027 14:05 UTC", ISO: "2027-03-12T14:05:00Z", Past: true},
		"2027-03-12T17:04:40Z":        {Rel: "just now", Abs: "12 Mar 2027 17:04 UTC", ISO: "2027-03-12T17:04:40Z", Past: true},
		"2027-03-12T16:00:00Z":        {Rel: "1 hour ago", Abs: "12 Mar 2027 16:00 UTC", ISO: "2027-03-12T16:00:00Z", Past: true},
		"2027-03-19T17:00:00Z":        {Rel: "in 7 days", Abs: "19 Mar 2027 17:00 UTC", ISO: "2027-03-19T17:00:00Z"},
		"2026-03-12T17:05:00Z":        {Rel: "1 year ago", Abs: "12 Mar 2026 17:05 UTC", ISO: "2026-03-12T17:05:00Z", Past: true},
		"not a time":                  {},
	}
	for in, want := range cases {
		if got := at(in, now); got != want {
			t.Errorf("at(%q) = %+v, want %+v", in, got, want)
		}
	}
	if got := day("2027-05-04"); got.Rel != "4 May 2027" || got.ISO != "2027-05-04" {
		t.Errorf("day = %+v", got)
	}
	end := "2027-03-19T17:04:00Z"
	if n, ok := daysLeft(&end, now); !ok || n != 7 {
		t.Errorf("daysLeft = %d, %v", n, ok)
	}
}
