package backlinks

import (
	"net/url"
	"testing"
)

func TestLinksTo(t *testing.T) {
	page, _ := url.Parse("https://host.example/blog/post")
	target := "https://acme.example/pricing"
	cases := []struct {
		name string
		html string
		want bool
	}{
		{"absolute", `<p>See <a href="https://acme.example/pricing">pricing</a>.</p>`, true},
		{"trailing slash, http, host case", `<a href="http://ACME.example/pricing/">x</a>`, true},
		{"fragment ignored", `<a href="https://acme.example/pricing#plans">x</a>`, true},
		{"other page", `<a href="https://acme.example/pricing-old">x</a>`, false},
		{"other host", `<a href="https://evil.example/pricing">x</a>`, false},
		{"text only", `<p>https://acme.example/pricing</p>`, false},
		{"query differs", `<a href="https://acme.example/pricing?a=1">x</a>`, false},
		{"relative on same host", `<a href="/pricing">x</a>`, false},
		{"base href", `<base href="https://acme.example/"><a href="pricing">x</a>`, true},
		{"nofollow", `<a rel="nofollow" href="https://acme.example/pricing">x</a>`, false},
		{"sponsored among others", `<a rel="external Sponsored" href="https://acme.example/pricing">x</a>`, false},
		{"ugc", `<a rel="UGC" href="https://acme.example/pricing">x</a>`, false},
		{"noopener counts", `<a rel="noopener noreferrer" href="https://acme.example/pricing">x</a>`, true},
		{"a followed link beside a nofollow one", `<a rel="nofollow" href="https://acme.example/pricing">x</a><a href="https://acme.example/pricing">y</a>`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := LinksTo([]byte(c.html), page, target); got != c.want {
				t.Fatalf("LinksTo = %v, want %v", got, c.want)
			}
		})
	}
}

func TestSameURL(t *testing.T) {
	if !sameURL("https://a.example/x/", "http://A.example:443/x") {
		t.Fatal("same page not recognised")
	}
	if sameURL("https://a.example/x", "https://a.example/y") || sameURL("nonsense", "nonsense") {
		t.Fatal("different pages taken as the same")
	}
}

// TestInternationalHosts: a URL written with an internationalised host
// name is checked and compared at its ASCII form (README: every URL field
// follows the site_url rule), the form the verified domain is stored in.
func TestInternationalHosts(t *testing.T) {
	if !onDomain("bücher.de", "xn--bcher-kva.de") || !onDomain("Blog.Bücher.de", "xn--bcher-kva.de") {
		t.Fatal("an internationalised host is not on its ASCII domain")
	}
	if onDomain("bucher.de", "xn--bcher-kva.de") {
		t.Fatal("another host taken as on the domain")
	}
	if !sameURL("https://bücher.de/x", "https://xn--bcher-kva.de/x/") {
		t.Fatal("the Unicode and ASCII forms of one page not recognised")
	}
	page, _ := url.Parse("https://host.example/post")
	if !LinksTo([]byte(`<a href="https://xn--bcher-kva.de/x">x</a>`), page, "https://bücher.de/x") {
		t.Fatal("a link to the ASCII form of an internationalised target not found")
	}
}
