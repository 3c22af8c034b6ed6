package crawl

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
)

// Page is what the scan reads from one HTML page: its text and the
// markup's statements about the site (names, descriptions, icons,
// languages, addresses). Every value is taken from the page as written.
type Page struct {
	URL           *url.URL // the final address, after redirects
	Lang          string   // <html lang>
	Title         string
	Description   string // <meta name=description>
	OGSiteName    string
	OGTitle       string
	OGDescription string
	OGLocale      string
	AppName       string   // <meta name=application-name>
	Headings      []string // h1 to h3 in document order
	H1            string   // the first h1
	Hero          string   // the first paragraph after the first h1
	Text          string   // the visible text; blocks and each link of a menu end in a newline
	Links         []Link
	Hreflangs     []string // <link rel=alternate hreflang>, x-default left out
	Icons         []Icon
	Logos         []Image  // images that present themselves as the logo
	Things        []Thing  // schema.org JSON-LD objects
	Addresses     []string // <address> and schema.org microdata address texts
	Phones        []string // tel: link numbers
}

// Link is a hyperlink on a page.
type Link struct {
	URL  *url.URL // absolute, without fragment
	Text string
	Nav  bool // inside <nav> or <header>
}

// Icon is a <link rel="icon">-like declaration.
type Icon struct {
	URL  string // absolute
	Rel  string // lowercased rel
	Size int    // the largest side in sizes, 0 when not given
}

// Image is an <img> with its absolute source and alternative text.
type Image struct {
	URL string
	Alt string
}

// Thing is a schema.org object from JSON-LD, with the fields the scan reads.
type Thing struct {
	Types          []string
	Name           string
	Description    string
	Logo           string // absolute
	AddressCountry string
	Address        string // the address as one line
	Telephone      string
	Currencies     []string // priceCurrency of its offers
}

// maxHeadings caps the headings kept per page.
const maxHeadings = 40

// Parse reads an HTML document fetched from pageURL; contentType decides
// its character set when the document does not.
func Parse(body []byte, contentType string, pageURL *url.URL) (*Page, error) {
	r, err := charset.NewReader(bytes.NewReader(body), contentType)
	if err != nil {
		r = bytes.NewReader(body)
	}
	doc, err := goquery.NewDocumentFromReader(r)
	if err != nil {
		return nil, err
	}
	base := pageURL
	if href, ok := doc.Find("base[href]").First().Attr("href"); ok {
		if b, err := pageURL.Parse(strings.TrimSpace(href)); err == nil {
			base = b
		}
	}
	p := &Page{URL: pageURL}
	p.Lang = strings.TrimSpace(doc.Find("html").First().AttrOr("lang", ""))
	p.Title = collapse(doc.Find("title").First().Text())
	p.Description = meta(doc, "name", "description")
	p.AppName = meta(doc, "name", "application-name")
	p.OGSiteName = meta(doc, "property", "og:site_name")
	p.OGTitle = meta(doc, "property", "og:title")
	p.OGDescription = meta(doc, "property", "og:description")
	p.OGLocale = meta(doc, "property", "og:locale")
	readHeadings(doc, p)
	readLinks(doc, base, p)
	readIcons(doc, base, p)
	readLogos(doc, base, p)
	readStructured(doc, base, p)
	doc.Find("address, [itemprop=address]").Each(func(_ int, s *goquery.Selection) {
		if t := collapse(textOf(s.Nodes...)); t != "" {
			p.Addresses = append(p.Addresses, t)
		}
	})
	p.Text = textOf(doc.Find("body").Nodes...)
	return p, nil
}

func meta(doc *goquery.Document, attr, name string) string {
	var v string
	doc.Find("meta[" + attr + "]").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if strings.EqualFold(strings.TrimSpace(s.AttrOr(attr, "")), name) {
			v = collapse(s.AttrOr("content", ""))
			return v == ""
		}
		return true
	})
	return v
}

func readHeadings(doc *goquery.Document, p *Page) {
	seenH1 := false
	doc.Find("h1, h2, h3, p").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		t := collapse(textOf(s.Nodes...))
		if goquery.NodeName(s) == "p" {
			if seenH1 && p.Hero == "" && len(t) >= 20 {
				p.Hero = t
			}
			return true
		}
		if t == "" {
			return true
		}
		if goquery.NodeName(s) == "h1" && !seenH1 {
			seenH1, p.H1 = true, t
		}
		if len(p.Headings) < maxHeadings {
			p.Headings = append(p.Headings, t)
		}
		return true
	})
}

func readLinks(doc *goquery.Document, base *url.URL, p *Page) {
	doc.Find("a[href]").Each(func(_ int, s *goquery.Selection) {
		u := resolve(base, s.AttrOr("href", ""))
		if u == nil || (u.Scheme != "http" && u.Scheme != "https") {
			return
		}
		u.Fragment, u.RawFragment = "", ""
		text := collapse(textOf(s.Nodes...))
		if text == "" {
			text = collapse(s.AttrOr("aria-label", s.AttrOr("title", s.Find("img[alt]").AttrOr("alt", ""))))
		}
		nav := s.Closest("nav, header").Length() > 0
		p.Links = append(p.Links, Link{URL: u, Text: text, Nav: nav})
	})
	doc.Find(`a[href^="tel:"]`).Each(func(_ int, s *goquery.Selection) {
		if n := strings.TrimSpace(strings.TrimPrefix(s.AttrOr("href", ""), "tel:")); n != "" {
			p.Phones = append(p.Phones, n)
		}
	})
	doc.Find("link[hreflang]").Each(func(_ int, s *goquery.Selection) {
		if h := strings.TrimSpace(s.AttrOr("hreflang", "")); h != "" && !strings.EqualFold(h, "x-default") {
			p.Hreflangs = append(p.Hreflangs, h)
		}
	})
}

func readIcons(doc *goquery.Document, base *url.URL, p *Page) {
	doc.Find("link[rel][href]").Each(func(_ int, s *goquery.Selection) {
		rel := strings.ToLower(strings.Join(strings.Fields(s.AttrOr("rel", "")), " "))
		if !strings.Contains(rel, "icon") || strings.Contains(rel, "mask-icon") {
			return
		}
		u := resolve(base, s.AttrOr("href", ""))
		if u == nil {
			return
		}
		p.Icons = append(p.Icons, Icon{URL: u.String(), Rel: rel, Size: largestSize(s.AttrOr("sizes", ""))})
	})
}

func largestSize(sizes string) int {
	best := 0
	for _, s := range strings.Fields(strings.ToLower(sizes)) {
		w, h, ok := strings.Cut(s, "x")
		if !ok {
			continue
		}
		a, _ := strconv.Atoi(w)
		b, _ := strconv.Atoi(h)
		best = max(best, min(a, b))
	}
	return best
}

// readLogos keeps images whose alt, class, id or file name says "logo", and
// the image of a header link to the home page.
func readLogos(doc *goquery.Document, base *url.URL, p *Page) {
	doc.Find("img").Each(func(_ int, s *goquery.Selection) {
		src := s.AttrOr("src", "")
		if src == "" || strings.HasPrefix(strings.TrimSpace(src), "data:") {
			return
		}
		alt := collapse(s.AttrOr("alt", ""))
		hint := strings.ToLower(alt + " " + s.AttrOr("class", "") + " " + s.AttrOr("id", "") + " " + src)
		homeLink := false
		if a := s.Closest("a[href]"); a.Length() > 0 && s.Closest("header, nav").Length() > 0 {
			if u := resolve(base, a.AttrOr("href", "")); u != nil && (u.Path == "" || u.Path == "/") {
				homeLink = true
			}
		}
		if !strings.Contains(hint, "logo") && !homeLink {
			return
		}
		if u := resolve(base, src); u != nil {
			p.Logos = append(p.Logos, Image{URL: u.String(), Alt: alt})
		}
	})
}

func readStructured(doc *goquery.Document, base *url.URL, p *Page) {
	doc.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) {
		var v any
		if json.Unmarshal([]byte(s.Text()), &v) != nil {
			return
		}
		walkThings(v, func(m map[string]any) {
			t := Thing{Types: strs(m["@type"]), Name: str(m["name"]), Description: collapse(str(m["description"])), Telephone: str(m["telephone"])}
			if l := str(m["logo"]); l != "" {
				if u := resolve(base, l); u != nil {
					t.Logo = u.String()
				}
			} else if lm, ok := m["logo"].(map[string]any); ok {
				if u := resolve(base, str(lm["url"])); u != nil {
					t.Logo = u.String()
				}
			}
			switch a := m["address"].(type) {
			case string:
				t.Address = collapse(a)
			case map[string]any:
				t.AddressCountry = str(a["addressCountry"])
				if c, ok := a["addressCountry"].(map[string]any); ok {
					t.AddressCountry = str(c["name"])
				}
				var parts []string
				for _, k := range []string{"streetAddress", "addressLocality", "addressRegion", "postalCode"} {
					if v := str(a[k]); v != "" {
						parts = append(parts, v)
					}
				}
				if t.AddressCountry != "" {
					parts = append(parts, t.AddressCountry)
				}
				t.Address = strings.Join(parts, ", ")
			}
			walkThings(m["offers"], func(o map[string]any) {
				if c := str(o["priceCurrency"]); c != "" {
					t.Currencies = append(t.Currencies, c)
				}
			})
			if c := str(m["priceCurrency"]); c != "" {
				t.Currencies = append(t.Currencies, c)
			}
			p.Things = append(p.Things, t)
		})
	})
}

// walkThings calls f for every object of a JSON-LD value that has an @type,
// looking into arrays and @graph.
func walkThings(v any, f func(map[string]any)) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			walkThings(e, f)
		}
	case map[string]any:
		if _, ok := x["@type"]; ok {
			f(x)
		}
		if g, ok := x["@graph"]; ok {
			walkThings(g, f)
		}
	}
}

func str(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

func strs(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s := str(e); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func resolve(base *url.URL, ref string) *url.URL {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "javascript:") {
		return nil
	}
	u, err := base.Parse(ref)
	if err != nil {
		return nil
	}
	return u
}

// collapse joins whitespace runs into single spaces and trims.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// hidden elements hold no visible text.
var hidden = map[string]bool{"script": true, "style": true, "noscript": true, "template": true, "svg": true, "iframe": true, "head": true, "select": true, "canvas": true}

// block elements end a line of visible text.
var block = map[string]bool{
	"p": true, "div": true, "section": true, "article": true, "header": true, "footer": true, "nav": true, "main": true, "aside": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "li": true, "ul": true, "ol": true, "dl": true, "dt": true, "dd": true,
	"table": true, "tr": true, "td": true, "th": true, "br": true, "hr": true, "blockquote": true, "address": true, "figcaption": true, "form": true, "button": true, "option": true,
}

// textOf returns the visible text of nodes: words separated by single
// spaces, every block on its own line, and every link of a row of links (a
// menu: links next to each other with nothing but white space or a
// separator such as "|" between them) on its own line too, so that menu
// entries written without spaces ("<a>Pricing</a><a>Blog</a>") neither
// run together into one word nor read as one sentence.
func textOf(nodes ...*html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			if hidden[n.Data] || hasAttr(n, "hidden") || strings.EqualFold(attr(n, "aria-hidden"), "true") {
				return
			}
		}
		row := n.Type == html.ElementNode && inLinkRow(n)
		if row {
			b.WriteString("\n")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode && (block[n.Data] || row) {
			b.WriteString("\n")
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		if l = collapse(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// inLinkRow reports whether n is a link with another link right before or
// after it, only white space, comments or separators between them.
func inLinkRow(n *html.Node) bool {
	if n.Data != "a" {
		return false
	}
	next := func(m *html.Node, step func(*html.Node) *html.Node) bool {
		for m = step(m); m != nil; m = step(m) {
			switch {
			case m.Type == html.CommentNode:
			case m.Type == html.TextNode && strings.Trim(m.Data, linkSeparators) == "":
			default:
				return m.Type == html.ElementNode && m.Data == "a"
			}
		}
		return false
	}
	return next(n, func(m *html.Node) *html.Node { return m.PrevSibling }) ||
		next(n, func(m *html.Node) *html.Node { return m.NextSibling })
}

// linkSeparators are the characters that may stand between the links of a
// menu: white space and the usual separators.
const linkSeparators = " \t\r\n\f\u00a0|·•/–—-»›"

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, name string) bool {
	for _, a := range n.Attr {
		if a.Key == name {
			return true
		}
	}
	return false
}
