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
