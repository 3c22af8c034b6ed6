package crawl

import (
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"
)

// Kinds of page the crawler looks for, in the order it prefers them.
const (
	kindAbout = iota
	kindProduct
	kindPricing
	kindCompare
	kindContact
	kindOther
)

// kindWords recognise a page's kind from its path or link text.
var kindWords = []*regexp.Regexp{
	kindAbout:   regexp.MustCompile(`\b(about|about us|about-us|company|our story|our-story|story|team|who we are|who-we-are)\b`),
	kindProduct: regexp.MustCompile(`\b(products?|features?|solutions?|services?|how it works|how-it-works|platform|tour|what we do|what-we-do|menu|shop)\b`),
	kindPricing: regexp.MustCompile(`\b(pricing|prices?|plans?|rates)\b`),
	kindCompare: regexp.MustCompile(`\b(vs|versus|compare|comparisons?|alternatives?|competitors?)\b`),
	kindContact: regexp.MustCompile(`\b(contact|contact us|contact-us|locations?|find us|find-us|visit us)\b`),
}

// skipPath are paths that are no content pages.
var skipPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|/)(login|log-in|signin|sign-in|signup|sign-up|register|cart|checkout|account|logout|wp-admin|wp-login\.php|feed|rss|cdn-cgi)(/|$)`)
})

// contentExt are the file extensions of HTML pages; any other extension is
// a file the scan does not read.
var contentExt = map[string]bool{"": true, ".html": true, ".htm": true, ".php": true, ".asp": true, ".aspx": true, ".jsp": true}

type candidate struct {
	url  *url.URL
	kind int
	nav  bool
}

func kindOf(l Link) int {
	hay := strings.ToLower(strings.NewReplacer("/", " ", "_", " ").Replace(l.URL.Path) + " " + l.Text)
	for k, re := range kindWords {
		if re.MatchString(hay) {
			return k
		}
	}
	return kindOther
}

// choose picks up to n pages of the home page's links to read: on the
// site's own hosts, allowed by robots, one of each kind first (about,
// product, pricing, comparison, contact; navigation links before others),
// then further pages of those kinds, then other navigation links.
func choose(home *Page, hosts map[string]bool, r rules, n int) []*url.URL {
	seen := map[string]bool{key(home.URL): true}
	var cands []candidate
	for _, l := range home.Links {
		u := l.URL
		if !hosts[strings.ToLower(u.Host)] || skipPath().MatchString(u.Path) || !contentExt[strings.ToLower(path.Ext(u.Path))] || !r.allows(u) {
			continue
		}
		k := key(u)
		if seen[k] {
			continue
		}
		seen[k] = true
		cands = append(cands, candidate{url: u, kind: kindOf(l), nav: l.Nav})
	}
	var out []*url.URL
	taken := map[int]bool{}
	take := func(ok func(i int, c candidate) bool) {
		for i, c := range cands {
			if len(out) < n && !taken[i] && ok(i, c) {
				taken[i] = true
				out = append(out, c.url)
			}
		}
	}
	for kind := kindAbout; kind < kindOther; kind++ {
		for _, nav := range []bool{true, false} {
			done := false
			take(func(_ int, c candidate) bool {
				if done || c.kind != kind || c.nav != nav {
					return false
				}
				done = true
				return true
			})
			if done {
				break
			}
		}
	}
	take(func(_ int, c candidate) bool { return c.kind != kindOther })
	take(func(_ int, c candidate) bool { return c.nav })
	return out
}

// key identifies a page address: scheme-less, without a trailing slash.
func key(u *url.URL) string {
	p := strings.TrimSuffix(u.EscapedPath(), "/")
	k := strings.ToLower(u.Host) + p
	if u.RawQuery != "" {
		k += "?" + u.RawQuery
	}
	return k
}
