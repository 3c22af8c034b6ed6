package dynamo

import (
	"errors"
	"testing"
)

func TestCursorRoundTrip(t *testing.T) {
	c := Cursor{"sk": "2026-03-01T12:00:00.000000000Z#id/with+chars"}
	s := EncodeCursor(c)
	for _, bad := range []string{"+", "/", "=", "#", ":"} {
		for _, r := range s {
			if string(r) == bad {
				t.Fatalf("cursor %q is not URL-safe", s)
			}
		}
	}
	got, err := DecodeCursor(s)
	if err != nil || got["sk"] != c["sk"] || len(got) != 1 {
		t.Fatalf("DecodeCursor = %v, %v", got, err)
	}
}

func TestDecodeCursorRefusesForeignStrings(t *testing.T) {
	cases := []struct{ name, in string }{
		{"not base64", "***"},
		{"not JSON", "bm90IGpzb24"},
		{"empty object", "e30"},
		{"array", "WyJzayJd"},
		{"padded base64", "e30="},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := DecodeCursor(c.in); !errors.Is(err, ErrBadCursor) {
				t.Fatalf("DecodeCursor(%q) = %v, want ErrBadCursor", c.in, err)
			}
		})
	}
	if c, err := DecodeCursor(""); c != nil || err != nil {
		t.Fatalf(`DecodeCursor("") = %v, %v; want no cursor`, c, err)
	}
}
