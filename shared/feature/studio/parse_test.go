package studio_test

import (
	"errors"
	"strings"
	"testing"

	"rvcontent/shared/feature/studio"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

// TestParseRestore: proration_date is optional; a quote's is read, and a
// number no quote gives is refused with a sentence that says where the
// value comes from, not with the bounds of its range.
func TestParseRestore(t *testing.T) {
	parse := func(body string) (*int64, error) {
		o, err := input.Parse([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		return studio.ParseRestore(o)
	}
	if d, err := parse(`{}`); err != nil || d != nil {
		t.Fatalf("no proration_date: %v %v", d, err)
	}
	if d, err := parse(`{"proration_date": 1798000000}`); err != nil || d == nil || *d != 1798000000 {
		t.Fatalf("a quote's proration_date: %v %v", d, err)
	}
	for _, body := range []string{`{"proration_date": -1}`, `{"proration_date": 1e15}`} {
		_, err := parse(body)
		var e *apperr.Error
		if !apperr.Is(err, apperr.ValidationFailed) || !errors.As(err, &e) || len(e.Details) != 1 || !strings.Contains(e.Details[0].Problem, "Studio quote") {
			t.Errorf("%s: %v, want validation_failed naming the quote", body, err)
		}
	}
}
