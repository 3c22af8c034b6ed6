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
	} {
		if got, want := Compose(s), norm.NFC.String(s); got != want {
			t.Errorf("Compose(%+q) = %+q, want %+q", s, got, want)
		}
	}
}
