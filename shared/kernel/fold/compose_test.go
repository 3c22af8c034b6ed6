package fold

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestComposeIsNFC: every precomposed letter of the covered blocks, given
// decomposed, comes back as NFC gives it; so do mixed texts; text without
// marks is returned as it is.
func TestComposeIsNFC(t *testing.T) {
	n := 0
	for _, rg := range [][2]rune{{0x00C0, 0x024F}, {0x0370, 0x03FF}, {0x0400, 0x04FF}, {0x1E00, 0x1FFF}} {
		for r := rg[0]; r <= rg[1]; r++ {
			want := norm.NFC.String(string(r))
			decomposed := norm.NFD.String(want)
			if decomposed == want {
				continue
			}
			n++
			if got := Compose(decomposed); got != want {
				t.Errorf("Compose(NFD(%U)) = %+q, want %+q", r, got, want)
			}
		}
	}
	if n < 700 {
		t.Fatalf("only %d letters checked", n)
	}
	for _, s := range []string{
		"Cafe\u0301 Cre\u0300me", "e\u0301cole fuse\u0301e", "Ha\u0300 No\u0323\u0302i", "i\u0306 е\u0308лка", "ἀ\u0301ρ",
		"a\u0301\u0301", "x\u0301", "\u0301leading", "plain ascii", "東京 🚀",
		// Marks out of canonical order, a precomposed letter with one more
		// mark, and characters NFC replaces on their own.
		"a\u0302\u0323", "\u00e2\u0323", "Ha\u0300 Na\u0302\u0323i", "o\u0301\u031b", "\u1f71ρτος", "\u1fbb", "e\u0301\u0323",
	} {
		if got, want := Compose(s), norm.NFC.String(s); got != want {
			t.Errorf("Compose(%+q) = %+q, want %+q", s, got, want)
		}
	}
}

// TestComposeOrdersMarks: every character of the covered blocks, alone and
// followed by two marks in either order, comes back as NFC gives it: NFC
// puts marks in canonical order before composing and replaces characters
// such as U+1F71.
func TestComposeOrdersMarks(t *testing.T) {
	marks := []string{"\u0301", "\u0302", "\u0308", "\u0313", "\u0323", "\u0328", "\u031b", "\u0345"}
	for _, rg := range [][2]rune{{0x0041, 0x007A}, {0x00C0, 0x024F}, {0x0370, 0x03FF}, {0x0400, 0x04FF}, {0x1E00, 0x1FFF}} {
		for r := rg[0]; r <= rg[1]; r++ {
			for _, s := range []string{string(r), string(r) + " x"} {
				if got, want := Compose(s), norm.NFC.String(s); got != want {
					t.Errorf("Compose(%+q) = %+q, want %+q", s, got, want)
				}
			}
			for _, a := range marks {
				for _, b := range marks {
					s := string(r) + a + b
					if got, want := Compose(s), norm.NFC.String(s); got != want {
						t.Errorf("Compose(%+q) = %+q, want %+q", s, got, want)
					}
				}
			}
		}
	}
}
