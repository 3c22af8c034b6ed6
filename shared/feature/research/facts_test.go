package research

import "testing"

// TestHostLabel: without a brand name, research names the brand after the
// first label of the website's host as people read it: www. dropped, an
// internationalised label decoded (https://xn--bcher-kva.de is "bücher",
// not "xn--bcher-kva"), nothing for an address.
func TestHostLabel(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.acme.com/": "acme", "https://xn--bcher-kva.de": "bücher", "https://www.XN--MNCHEN-3YA.de/shop": "münchen",
		"https://127.0.0.1/": "", "https://[::1]/": "", "": "",
	} {
		if got := hostLabel(raw); got != want {
			t.Errorf("hostLabel(%q) = %q, want %q", raw, got, want)
		}
	}
}
