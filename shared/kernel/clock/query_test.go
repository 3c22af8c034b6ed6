package clock

import (
	"testing"
	"time"
)

// TestParseQuery reads the forms a since parameter arrives in and refuses
// what is not a timestamp.
func TestParseQuery(t *testing.T) {
	want := time.Date(2026, 1, 31, 9, 0, 0, 0, time.UTC)
	for _, s := range []string{
		"2026-01-31T09:00:00Z",
		"2026-01-31t09:00:00z",
		"2026-01-31T10:00:00+01:00",
		"2026-01-31T10:00:00 01:00", // "+" sent unencoded
		"2026-01-31T09:00:00.000000",
		"2026-01-31T09:00:00",
		" 2026-01-31T09:00:00Z ",
		"2026-01-31T09:00Z",
		"2026-01-31T10:00+01:00",
		"2026-01-31T10:00:00+0100",
		"2026-01-31T10:00 0100", // "+" sent unencoded
		"2026-01-31T09:00",
	} {
		got, err := ParseQuery(s)
		if err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("ParseQuery(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if got, err := ParseQuery("2026-01-31"); err != nil || !got.Equal(time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("bare date = %v, %v", got, err)
	}
	for _, s := range []string{"yesterday", "2026-13-01T00:00:00Z", "1769850000", "2026-01-31 09:00", "2026-01-31T09Z", "2026-01-31T0900Z"} {
		if _, err := ParseQuery(s); err == nil {
			t.Errorf("ParseQuery(%q) accepted", s)
		}
	}
}
