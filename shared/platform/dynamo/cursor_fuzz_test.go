package dynamo

import (
	"maps"
	"testing"
)

// FuzzDecodeCursor checks that any text sent as a cursor either is refused
// with ErrBadCursor or decodes to a non-empty cursor that encodes and
// decodes back to itself.
func FuzzDecodeCursor(f *testing.F) {
	for _, c := range []Cursor{{"after": "2026-01-01T00:00:00.000000000Z"}, {"sk": "SITE#x", "gsi1sk": "y"}, {"after": "a", "seen": "1,2,3"}} {
		f.Add(EncodeCursor(c))
	}
	f.Add("")
	f.Add("e30")
	f.Add("bnVsbA")
	f.Add("!!!")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := DecodeCursor(s)
		if err != nil {
			if err != ErrBadCursor || c != nil {
				t.Fatalf("DecodeCursor(%q) = %v, %v", s, c, err)
			}
			return
		}
		if s == "" {
			if c != nil {
				t.Fatalf("DecodeCursor(\"\") = %v", c)
			}
			return
		}
		if len(c) == 0 {
			t.Fatalf("DecodeCursor(%q) accepted an empty cursor", s)
		}
		back, err := DecodeCursor(EncodeCursor(c))
		if err != nil || !maps.Equal(back, c) {
			t.Fatalf("cursor %v from %q does not round-trip: %v, %v", c, s, back, err)
		}
	})
}
