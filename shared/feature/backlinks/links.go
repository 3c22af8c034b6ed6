package backlinks

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// normalURL returns the form of a page address that link checks compare:
// no scheme (http and https name the same page), lowercase host in its
// ASCII form (an internationalised name and its Punycode name the same
// page) without a default port, path without a trailing slash ("/" for
// the root), the query kept, the fragment dropped. ok is false for a URL without a host.
func normalURL(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return "", false
	}
	host := asciiHost(u.Hostname())
	if p := u.Port(); p != "" && p != "80" && p != "443" {
		host += ":" + p
	}
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	if len(path) > 1 {
		path = strings.TrimSuffix(path, "/")
	}
	out := host + path
	if u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	return out, true
}

// qualifiedRels are the rel values with which a page tells search engines
// not to count a link (nofollow, sponsored, ugc): such a link passes
// nothing to the page it points to, so the exchange does not count it as
// live.
var qualifiedRels = map[string]bool{"nofollow": true, "sponsored": true, "ugc": true}

// counts reports whether link a passes value to where it points: its rel
// names none of qualifiedRels (without case).
func counts(a *goquery.Selection) bool {
	for _, v := range strings.Fields(a.AttrOr("rel", "")) {
		if qualifiedRels[strings.ToLower(v)] {
			return false
		}
	}
	return true
}

// LinksTo reports whether the HTML page fetched from pageURL has a link
// (an <a href>, resolved against the page or its <base href>) to target
// that counts: one marked nofollow, sponsored or ugc does not.
func LinksTo(page []byte, pageURL *url.URL, target string) bool {
	want, ok := normalURL(target)
	if !ok || pageURL == nil {
		return false
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(page))
	if err != nil {
		return false
	}
	base := pageURL
	if href, ok := doc.Find("base[href]").First().Attr("href"); ok {
		if b, err := pageURL.Parse(strings.TrimSpace(href)); err == nil {
			base = b
		}
	}
	found := false
	doc.Find("a[href]").EachWithBreak(func(_ int, a *goquery.Selection) bool {
		ref, err := base.Parse(strings.TrimSpace(a.AttrOr("href", "")))
		if err != nil || !counts(a) {
			return true
		}
		if got, ok := normalURL(ref.String()); ok && got == want {
			found = true
			return false
		}
		return true
	})
	return found
}
