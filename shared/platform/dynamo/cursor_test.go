package dynamo

import (
	"errors"
	"strings"
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

// TestSignedCursorOpensOnlyForItsList: a cursor SignCursor signed opens
// for its own list as it was made, stays URL-safe and in EncodeCursor's
// form, and is refused for another list, under another key, without its
// signature, or with a value changed (a made-up position).
func TestSignedCursorOpensOnlyForItsList(t *testing.T) {
	key, other := []byte("k1-0123456789abcdef0123456789abcd"), []byte("k2-0123456789abcdef0123456789abcd")
	inner := EncodeCursor(Cursor{"sk": "JOB#0190a3c4-0000-7000-8000-000000000001"})
	signed, err := SignCursor(key, "jobs of a", inner)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(signed, "+/=") {
		t.Fatalf("signed cursor %q is not URL-safe", signed)
	}
	if c, err := DecodeCursor(signed); err != nil || c["sk"] == "" || len(c) != 2 {
		t.Fatalf("signed cursor decodes to %v, %v", c, err)
	}
	if got, err := OpenCursor(key, "jobs of a", signed); err != nil || got != inner {
		t.Fatalf("OpenCursor = %q, %v; want %q", got, err, inner)
	}
	changed, _ := DecodeCursor(signed)
	changed["sk"] = "JOB#0190a3c4-0000-7000-8000-000000000002"
	noSig, _ := DecodeCursor(signed)
	delete(noSig, "sig")
	for name, c := range map[string]struct {
		key  []byte
		list string
		s    string
	}{
		"another list":   {key, "jobs of b", signed},
		"another key":    {other, "jobs of a", signed},
		"changed value":  {key, "jobs of a", EncodeCursor(changed)},
		"unsigned":       {key, "jobs of a", inner},
		"no signature":   {key, "jobs of a", EncodeCursor(noSig)},
		"signature only": {key, "jobs of a", EncodeCursor(Cursor{"sig": changed["sig"]})},
		"not a cursor":   {key, "jobs of a", "***"},
	} {
		if got, err := OpenCursor(c.key, c.list, c.s); !errors.Is(err, ErrBadCursor) {
			t.Errorf("%s: OpenCursor = %q, %v; want ErrBadCursor", name, got, err)
		}
	}
	if s, err := SignCursor(key, "x", ""); s != "" || err != nil {
		t.Fatalf(`SignCursor("") = %q, %v`, s, err)
	}
	if s, err := OpenCursor(key, "x", ""); s != "" || err != nil {
		t.Fatalf(`OpenCursor("") = %q, %v`, s, err)
	}
}
