package liveurls

import (
	"strings"
	"testing"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
)

func TestReadURL(t *testing.T) {
	cases := []struct {
		body, want string
		ok         bool
	}{
		{`{"published_url":"https://acme.com/a"}`, "https://acme.com/a", true},
		{`{"published_url":"  https://acme.com/a  ","other":1}`, "https://acme.com/a", true},
		{``, "", false},
		{`not json`, "", false},
		{`null`, "", false},
		{`[]`, "", false},
		{`{}`, "", false},
		{`{"published_url":null}`, "", false},
		{`{"published_url":7}`, "", false},
		{`{"published_url":""}`, "", false},
		{`{"published_url":" "}`, "", false},
	}
	for _, c := range cases {
		got, err := ReadURL([]byte(c.body))
		if (err == nil) != c.ok || got != c.want {
			t.Fatalf("ReadURL(%q) = %q, %v", c.body, got, err)
		}
		if err != nil && (apperr.CodeOf(err) != apperr.BadRequest || err.(*apperr.Error).Message != MsgSendURL) {
			t.Fatalf("ReadURL(%q) error %v", c.body, err)
		}
	}
}

func site(website string) sites.Site {
	if website == "" {
		return sites.Site{}
	}
	return sites.Site{WebsiteURL: &website}
}

func TestDomains(t *testing.T) {
	cases := []struct {
		website, verified string
		want              []string
	}{
		{"https://www.Acme.com/blog", "", []string{"acme.com"}},
		{"https://acme.com", "www.acme.com", []string{"acme.com"}},
		{"https://acme.com", "acme-partner.io", []string{"acme.com", "acme-partner.io"}},
		{"", "acme-partner.io", []string{"acme-partner.io"}},
		{"", "", nil},
	}
	for _, c := range cases {
		got := Domains(site(c.website), c.verified)
		if len(got) != len(c.want) {
			t.Fatalf("Domains(%q, %q) = %v, want %v", c.website, c.verified, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("Domains(%q, %q) = %v, want %v", c.website, c.verified, got, c.want)
			}
		}
	}
}

// longURL returns an address on acme.com of n characters.
func longURL(n int) string {
	const start = "https://acme.com/"
	return start + strings.Repeat("a", n-len(start))
}

func TestCheckURL(t *testing.T) {
	two := []string{"acme.com", "acme-partner.io"}
	cases := []struct {
		url     string
		domains []string
		msg     string // "" when accepted
	}{
		{"https://acme.com/x", two, ""},
		{"http://www.acme.com/x", two, ""},
		{"https://blog.acme.com/x", two, ""},
		{"https://acme-partner.io/x", two, ""},
		{"https://a.b.acme-partner.io/x", two, ""},
		{"https://notacme.com/x", two, "published_url must be on your own site (acme.com, acme-partner.io)."},
		{"https://acme.com.evil.io/x", two, "published_url must be on your own site (acme.com, acme-partner.io)."},
		{"https://acme.com/x", nil, "published_url must be on your own site (set your website in Settings)."},
		{"ftp://acme.com/x", nil, MsgNotPublic},
		{"https://localhost/x", two, MsgNotPublic},
		{"https://[::1]/x", two, MsgNotPublic},
		{"https://192.168.0.10/x", two, MsgNotPublic},
		{"https://server.internal/x", two, MsgNotPublic},
		{"//acme.com/x", two, MsgNotPublic},
		{longURL(MaxURL), two, ""},
		{longURL(MaxURL + 1), two, MsgNotPublic},
		{longURL(400_000), two, MsgNotPublic},
	}
	for _, c := range cases {
		err := CheckURL(c.url, c.domains)
		got := ""
		if err != nil {
			got = err.(*apperr.Error).Message
		}
		if got != c.msg {
			t.Fatalf("CheckURL(%.80q (%d characters), %v) = %q, want %q", c.url, len(c.url), c.domains, got, c.msg)
		}
	}
}
