package publicapi

import (
	"testing"
	"time"
)

func TestParseSince(t *testing.T) {
	want := time.Date(2026, 1, 10, 8, 0, 0, 3_000_000, time.UTC)
	for _, s := range []string{
		"2026-01-10T08:00:00.003Z",
		"2026-01-10T08:00:00.003999Z",
		"2026-01-10T08:00:00.003999999Z",
		"2026-01-10T09:00:00.0031+01:00",
		"2026-01-10T09:00:00.0031 01:00",
		"2026-01-10T08:00:00.003",
		" 2026-01-10T08:00:00.003456Z ",
	} {
		got, err := parseSince(s)
		if err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Fatalf("parseSince(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if got, err := parseSince("2026-01-10"); err != nil || !got.Equal(time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("date only: %v, %v", got, err)
	}
	for _, s := range []string{"yesterday", "1736496000", "2026-13-01T00:00:00Z", "2026-01-10T08:00:00.003ZZ"} {
		if _, err := parseSince(s); err == nil {
			t.Fatalf("parseSince(%q) accepted", s)
		}
	}
}

func TestReadListQuery(t *testing.T) {
	cases := []struct {
		query       string
		limit       int
		unpublished bool
	}{
		{"", 1, false},
		{"limit=5", 5, false},
		{"limit=100", 100, false},
		{"limit=101", 100, false},
		{"limit=0", 1, false},
		{"limit=-3", 1, false},
		{"limit=abc", 1, false},
		{"limit=99999999999999999999", 100, false},
		{"limit=-99999999999999999999", 1, false},
		{"limit=1.5", 1, false},
		{"published=false", 1, true},
		{"published=FALSE", 1, true},
		{"published=true", 1, false},
		{"limit=%zz&published=false", 1, true}, // a limit that does not decode is one that is not a number
	}
	for _, c := range cases {
		q, err := readListQuery(c.query)
		if err != nil || q.Limit != c.limit || q.Unpublished != c.unpublished || !q.Since.IsZero() {
			t.Fatalf("%q: %+v, %v", c.query, q, err)
		}
	}
	for _, raw := range []string{"since=bad", "since=%zz", "limit=5&since=2026-01-10T08:00:00%", "limit=%zz&since=%zz", "x=%&since=2026%ZZ"} {
		if _, err := readListQuery(raw); err != errBadSince {
			t.Fatalf("since in %q: %v, want it unreadable", raw, err)
		}
	}
}
