package weburl

import (
	"net/netip"
	"strings"
	"testing"
)

// FuzzParse checks Parse on arbitrary text: an accepted URL is http or
// https (https only when asked), has no credentials, names a public host,
// and reads back the same when its text is parsed again, so what is stored
// is what was checked.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"https://acme.com", "http://www.acme.co.uk/about?x=1", "https://93.184.216.34/", "ftp://acme.com",
		"https://localhost/", "https://printer.local/", "https://127.1/", "https://[::ffff:127.0.0.1]/",
		"https://[2606:4700::1111]/", "https://user:pw@acme.com/", "acme.com", "https://", "HTTPS://ACME.COM:443/a#b",
		"https://acme.com./", "https://xn--bcher-kva.example/", "https://[fe80::1%25eth0]/", "https://acme.com:99999/",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, raw string, httpsOnly bool) {
		u, problem := Parse(raw, httpsOnly)
		if problem != "" {
			if u != nil {
				t.Fatalf("Parse(%q) returned a URL with problem %q", raw, problem)
			}
			return
		}
		switch {
		case u.Scheme != "https" && (httpsOnly || u.Scheme != "http"):
			t.Fatalf("Parse(%q, %v) accepted scheme %q", raw, httpsOnly, u.Scheme)
		case u.User != nil:
			t.Fatalf("Parse(%q) accepted credentials", raw)
		case !PublicHost(u.Hostname()):
			t.Fatalf("Parse(%q) accepted host %q", raw, u.Hostname())
		case u.Host != strings.ToLower(u.Host):
			t.Fatalf("Parse(%q) kept an uppercase host %q", raw, u.Host)
		}
		if ip, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil && (ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsLinkLocalUnicast()) {
			t.Fatalf("Parse(%q) accepted address %v", raw, ip)
		}
		again, problem := Parse(u.String(), httpsOnly)
		if problem != "" {
			t.Fatalf("Parse(%q) = %q, which does not parse again: %s", raw, u.String(), problem)
		}
		if again.Hostname() != u.Hostname() || again.String() != u.String() {
			t.Fatalf("Parse(%q) = %q reads back as %q", raw, u.String(), again.String())
		}
	})
}
