// Package extract holds the scan's rules for reading a brand and a
// geography from crawled pages. Every value comes from the pages as
// written; a value the pages do not give stays empty.
package extract

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/crawl"
	"rvcontent/shared/platform/model"
)

// Brand reads the brand from the pages, the home page first:
//   - brand_name: og:site_name, else the name of the schema.org
//     organisation or website, else application-name, else the brand
//     segment of the home page's title (the segment the other pages'
//     titles share, or that the logo's alt text or the host name spells,
//     else the shortest), else the logo's alt text. Declarations the site
//     makes about its own name come before inferences from the layout;
//   - product_description: the meta description, else og:description,
//     else the organisation's schema.org description, else the hero
//     paragraph under the main heading;
//   - avatar_url: the organisation's schema.org logo, else a logo image,
//     else the largest apple-touch-icon or icon, kept only when it is an
//     absolute public https URL of at most sites.MaxAvatarURL characters.
func Brand(pages []*crawl.Page) sites.Brand {
	if len(pages) == 0 {
		return sites.Brand{}
	}
	home := pages[0]
	org := organisation(home)
	return sites.Brand{
		BrandName:          limit(first(home.OGSiteName, org.Name, home.AppName, titleBrand(pages), logoAlt(home)), sites.MaxBrandName),
		ProductDescription: limit(first(home.Description, home.OGDescription, org.Description, home.Hero), sites.MaxProductDescription),
		AvatarURL:          avatar(home, org),
	}
}

// orgTypes are schema.org types that describe the business or its site.
var orgTypes = map[string]bool{"organization": true, "corporation": true, "localbusiness": true, "website": true, "onlinestore": true, "onlinebusiness": true, "store": true, "restaurant": true, "professionalservice": true, "ngo": true, "educationalorganization": true}

// organisation returns the first schema.org object of the home page that
// describes the business.
func organisation(p *crawl.Page) crawl.Thing {
	for _, t := range p.Things {
		for _, ty := range t.Types {
			l := strings.ToLower(ty)
			if orgTypes[l] || strings.HasSuffix(l, "business") {
				return t
			}
		}
	}
	return crawl.Thing{}
}

// genericTitles name no brand.
var genericTitles = map[string]bool{"home": true, "homepage": true, "home page": true, "welcome": true, "index": true, "untitled": true, "untitled document": true, "coming soon": true, "under construction": true, "document": true}

func titleBrand(pages []*crawl.Page) string {
	home := pages[0]
	segs := model.TitleSegments(home.Title)
	var usable []string
	for _, s := range segs {
		if !genericTitles[strings.ToLower(s)] {
			usable = append(usable, s)
		}
	}
	switch len(usable) {
	case 0:
		return ""
	case 1:
		if len(segs) == 1 && len(strings.Fields(usable[0])) > 6 {
			return "" // a sentence, not a name
		}
		return usable[0]
	}
	for _, s := range usable {
		shared := 0
		for _, p := range pages[1:] {
			for _, o := range model.TitleSegments(p.Title) {
				if model.SameName(o, s) {
					shared++
					break
				}
			}
		}
		if shared > 0 && shared == len(pages)-1 {
			return s
		}
	}
	alt := logoAlt(home)
	host := hostLabel(home.URL)
	for _, s := range usable {
		if (alt != "" && model.SameName(s, alt)) || (host != "" && model.SameName(s, host)) {
			return s
		}
	}
	best := usable[0]
	for _, s := range usable[1:] {
		if len(strings.Fields(s)) < len(strings.Fields(best)) {
			best = s
		}
	}
	return best
}

// hostLabel returns the host's name without "www." and the public suffix's
// last label ("acme-bakery" of www.acme-bakery.com).
func hostLabel(u *url.URL) string {
	if u == nil {
		return ""
	}
	labels := strings.Split(strings.TrimPrefix(strings.ToLower(u.Hostname()), "www."), ".")
	if len(labels) < 2 {
		return ""
	}
	return labels[0]
}

// logoAlt returns the alt text of the first logo image, without the word
// "logo".
func logoAlt(p *crawl.Page) string {
	for _, l := range p.Logos {
		f := strings.Fields(l.Alt)
		var kept []string
		for _, w := range f {
			if !strings.EqualFold(strings.Trim(w, ".,:;-–—|"), "logo") {
				kept = append(kept, w)
			}
		}
		if s := strings.TrimSpace(strings.Trim(strings.Join(kept, " "), "-–—|:")); s != "" {
			return s
		}
	}
	return ""
}

func avatar(home *crawl.Page, org crawl.Thing) string {
	cands := []string{org.Logo}
	for _, l := range home.Logos {
		cands = append(cands, l.URL)
	}
	for _, rel := range []string{"apple-touch-icon", "icon"} {
		best, size := "", -1
		for _, ic := range home.Icons {
			if strings.Contains(ic.Rel, rel) && ic.Size > size {
				best, size = ic.URL, ic.Size
			}
		}
		cands = append(cands, best)
	}
	for _, c := range cands {
		if c == "" {
			continue
		}
		// A URL longer than the site's avatar_url takes is skipped, so the
		// scan never stores one a PATCH would refuse.
		if u, p := weburl.Parse(c, true); p == "" && utf8.RuneCountInString(u.String()) <= sites.MaxAvatarURL {
			return u.String()
		}
	}
	return ""
}

func first(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// limit cuts s to at most n characters, at a word boundary when it can.
func limit(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n]
	cut := string(r)
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:-–—")
}
