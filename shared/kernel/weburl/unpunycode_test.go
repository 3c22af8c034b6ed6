package weburl

import "testing"

// TestLabelUnicode: an "xn--" label reads as its Unicode form (RFC 3492's
// examples and names people type), and decoding inverts toASCII's
// encoding; other labels, and labels that are not Punycode, stay as they
// are.
func TestLabelUnicode(t *testing.T) {
	for in, want := range map[string]string{
		"xn--bcher-kva": "bücher", "XN--MNCHEN-3YA": "münchen", "xn--fa-hia": "faß",
		"xn--wgv71a119e": "日本語", "acme": "acme", "xn--": "xn--", "xn--abc-!": "xn--abc-!", "xn--99999999999": "xn--99999999999",
	} {
		if got := LabelUnicode(in); got != want {
			t.Errorf("LabelUnicode(%q) = %q, want %q", in, got, want)
		}
	}
	for _, s := range []string{"bücher", "münchen", "日本語", "ελληνικά", "ab-ç-d"} {
		host, ok := toASCII(s)
		if !ok {
			t.Fatalf("toASCII(%q) failed", s)
		}
		if got := LabelUnicode(host); got != s {
			t.Errorf("LabelUnicode(toASCII(%q)) = %q", s, got)
		}
	}
}
