package nouns

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 links", 1: "1 link", 2: "2 links", 11: "11 links"} {
		if got := Count(n, "link", "links"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestQuoted(t *testing.T) {
	for name, want := range map[string]string{`pans`: `"pans"`, `The "best" pans`: `"The "best" pans"`, `a\b`: `"a\b"`, `élan`: `"élan"`} {
		if got := Quoted(name); got != want {
			t.Errorf("Quoted(%s) = %s, want %s", name, got, want)
		}
	}
}
