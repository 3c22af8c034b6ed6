package clock

import (
	"testing"
	"time"
)

// FuzzParseQuery checks the since parameter's reader on arbitrary text: a
// time it accepts is UTC, reads back the same from its RFC 3339 form, and
// keeps its place among other times in sort-key order, which is how lists
// start from it.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{
		"2026-01-31T09:00:00Z", "2026-01-31T09:00:00.123456789+02:00", "2026-01-31T09:00:00 02:00", "2026-01-31",
		"2026-01-31T09:00:00", " 2026-01-31T09:00:00.5Z ", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "yesterday",
	} {
		f.Add(s)
	}
	refs := []time.Time{time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC)}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseQuery(s)
		if err != nil {
			return
		}
		if got.Location() != time.UTC {
			t.Fatalf("ParseQuery(%q) = %v, not UTC", s, got)
		}
		again, err := ParseQuery(got.Format(time.RFC3339Nano))
		if err != nil || !again.Equal(got) {
			t.Fatalf("ParseQuery(%q) = %v, which reads back as %v, %v", s, got, again, err)
		}
		for _, r := range refs {
			if got.Before(r) != (SortKey(got) < SortKey(r)) || got.Equal(r) != (SortKey(got) == SortKey(r)) {
				t.Fatalf("ParseQuery(%q) = %v, whose sort key %q is out of order with %q", s, got, SortKey(got), SortKey(r))
			}
		}
	})
}
