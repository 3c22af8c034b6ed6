package backlinks

import "testing"

// TestParseDomainURL: a URL sent as the domain follows every URL field's
// rules (README: a port outside 1 to 65535 is refused, and every URL field
// follows the same rule) before its host is taken.
func TestParseDomainURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://Acme.example/":          "acme.example",
		"http://www.acme.example:8443/x": "www.acme.example",
		"acme.example.":                  "acme.example",
	} {
		if got, problem := ParseDomain(raw); got != want || problem != "" {
			t.Errorf("ParseDomain(%q) = %q, %q; want %q", raw, got, problem, want)
		}
	}
	for _, raw := range []string{
		"https://acme.example:99999", "https://acme.example:0/", "https://user:pw@acme.example/",
		"ftp://acme.example/", "https://acme.example/<x>",
	} {
		if got, problem := ParseDomain(raw); problem == "" {
			t.Errorf("ParseDomain(%q) = %q, accepted", raw, got)
		}
	}
}
