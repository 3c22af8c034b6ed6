package crawl

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"rvcontent/shared/platform/egress"
)

// hosts sends every overridden host to one test server.
type hosts map[string]string

func (h hosts) Address(host string) (string, bool) { a, ok := h[host]; return a, ok }
func (hosts) TXT(string) ([]string, bool)          { return nil, false }

// fixture serves pages by path and records what was requested.
type fixture struct {
	mu    sync.Mutex
	seen  []string
	pages map[string]string // path -> HTML; "/robots.txt" -> text
	codes map[string]int    // path -> status
}

func (f *fixture) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.seen = append(f.seen, r.URL.RequestURI())
	f.mu.Unlock()
	if c, ok := f.codes[r.URL.Path]; ok {
		w.WriteHeader(c)
		return
	}
	body, ok := f.pages[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if r.URL.Path == "/robots.txt" {
		w.Header().Set("Content-Type", "text/plain")
	} else {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	}
	fmt.Fprint(w, body)
}

func (f *fixture) requested() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.seen...)
}

func crawler(t *testing.T, f *fixture, names ...string) *Crawler {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	h := hosts{}
	for _, n := range append(names, "site.example.com") {
		h[n] = strings.TrimPrefix(srv.URL, "http://")
	}
	return &Crawler{Fetcher: egress.New(egress.Options{Overrides: h}), MaxPages: 4}
}

const home = `<html><head><title>Home</title></head><body>
<header><nav>
  <a href="/blog">Blog</a>
  <a href="/pricing#plans">Pricing</a>
  <a href="/login">Log in</a>
  <a href="/secret/about">About (secret)</a>
</nav></header>
<main>
  <a href="/about-us">Our story</a>
  <a href="https://other.example.com/features">Their features</a>
  <a href="/features">Features</a>
  <a href="/files/brochure.pdf">Brochure</a>
  <a href="/vs/rival">Compare</a>
  <a href="/features/">Features again</a>
  <a href="/contact">Contact</a>
  <a href="mailto:hi@site.example.com">Mail</a>
</main></body></html>`

func page(title string) string {
	return "<html><head><title>" + title + "</title></head><body><p>x</p></body></html>"
}

func TestCrawlChoosesPages(t *testing.T) {
	f := &fixture{pages: map[string]string{
		"/robots.txt": "User-agent: ServiceBot\nDisallow: /secret\n",
		"/":           home, "/about-us": page("About"), "/features": page("Features"), "/pricing": page("Pricing"),
		"/vs/rival": page("Vs"), "/contact": page("Contact"), "/blog": page("Blog"),
	}}
	c := crawler(t, f, "other.example.com")
	res, err := c.Crawl(context.Background(), "http://site.example.com/")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Pages {
		got = append(got, p.URL.Path)
	}
	// One of each kind, in the preferred order, up to MaxPages (4): about,
	// product, pricing, comparison; contact and blog do not fit.
	want := "/ /about-us /features /pricing /vs/rival"
	if strings.Join(got, " ") != want {
		t.Fatalf("pages %v, want %s", got, want)
	}
	if res.Requests != 6 {
		t.Fatalf("%d requests, want 6 (robots, home, 4 pages)", res.Requests)
	}
	for _, p := range f.requested() {
		if strings.HasPrefix(p, "/secret") || p == "/login" || strings.HasSuffix(p, ".pdf") || p == "/contact" {
			t.Errorf("%s was requested", p)
		}
	}
	if f.requested()[0] != "/robots.txt" {
		t.Errorf("robots.txt is read first: %v", f.requested())
	}
}

func TestRobots(t *testing.T) {
	cases := []struct {
		name    string
		robots  string
		code    int // robots.txt status when not 200
		pages   int // pages read, home included
		failure string
	}{
		{"no robots.txt", "", http.StatusNotFound, 2, ""},
		{"other agents only", "User-agent: OtherBot\nDisallow: /\n", 0, 2, ""},
		{"everyone out of /about", "User-agent: *\nDisallow: /about\n", 0, 1, ""},
		{"our agent out of everything", "User-agent: *\nAllow: /\n\nUser-agent: ServiceBot\nDisallow: /\n", 0, 0, CodeRobots},
		{"server error: home page only", "", http.StatusInternalServerError, 1, ""},
		{"allow beats a shorter disallow", "User-agent: *\nDisallow: /\nAllow: /$\nAllow: /about\n", 0, 2, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := &fixture{pages: map[string]string{"/": `<html><body><nav><a href="/about">About</a></nav></body></html>`, "/about": page("About")}, codes: map[string]int{}}
			if tc.code != 0 {
				f.codes["/robots.txt"] = tc.code
			} else {
				f.pages["/robots.txt"] = tc.robots
			}
			res, err := crawler(t, f).Crawl(context.Background(), "http://site.example.com/")
			var fl *Failure
			if tc.failure != "" {
				if !errors.As(err, &fl) || fl.Code != tc.failure || !strings.Contains(fl.Message, "robots.txt") {
					t.Fatalf("error %v, want %s", err, tc.failure)
				}
				for _, p := range f.requested() {
					if p != "/robots.txt" {
						t.Errorf("%s read despite robots.txt", p)
					}
				}
				return
			}
			if err != nil || len(res.Pages) != tc.pages {
				t.Fatalf("pages %d, error %v; want %d", len(res.Pages), err, tc.pages)
			}
		})
	}
}

func TestHomeFailures(t *testing.T) {
	cases := []struct {
		name    string
		handler http.HandlerFunc
		code    string
		words   string
	}{
		{"404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, CodeHTTPError, "HTTP 404 Not Found"},
		{"image", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG"))
		}, CodeNotHTML, "image/png"},
		{"untyped text", func(w http.ResponseWriter, r *http.Request) {
			w.Header()["Content-Type"] = nil
			w.Write([]byte("just text, no markup"))
		}, CodeNotHTML, "content without a type"},
		{"redirect to private", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://10.0.0.8/", http.StatusFound)
		}, CodeRefused, "10.0.0.8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/robots.txt" {
					http.NotFound(w, r)
					return
				}
				tc.handler(w, r)
			}))
			defer srv.Close()
			c := &Crawler{Fetcher: egress.New(egress.Options{Overrides: hosts{"site.example.com": strings.TrimPrefix(srv.URL, "http://")}})}
			_, err := c.Crawl(context.Background(), "http://site.example.com/")
			var fl *Failure
			if !errors.As(err, &fl) || fl.Code != tc.code || !strings.Contains(fl.Message, tc.words) || !strings.Contains(fl.Message, "http://site.example.com/") {
				t.Fatalf("error %v, want %s mentioning %q and the site", err, tc.code, tc.words)
			}
		})
	}
	_, err := (&Crawler{Fetcher: egress.New(egress.Options{})}).Crawl(context.Background(), "http://192.168.1.1/")
	var fl *Failure
	if !errors.As(err, &fl) || fl.Code != CodeRefused {
		t.Fatalf("a private address literal: %v", err)
	}
}

// TestUntypedHTMLIsSniffed: a page without Content-Type that is HTML is
// read.
func TestUntypedHTMLIsSniffed(t *testing.T) {
	if !isHTML("", []byte("<!DOCTYPE html><html><body>hi</body></html>")) || isHTML("", []byte("%PDF-1.4")) || !isHTML("application/xhtml+xml; charset=utf-8", nil) {
		t.Fatal("isHTML")
	}
}

func TestParse(t *testing.T) {
	u, _ := url.Parse("https://shop.example.com/en/")
	doc := `<html lang="fr-FR"><head><meta charset="iso-8859-1"><title>Café Lumière · Boulangerie</title>
<meta name="Description" content="  Pain   au levain. ">
<meta property="og:site_name" content="Café Lumière">
<base href="/fr/">
<link rel="shortcut icon" href="favicon.ico"><link rel="apple-touch-icon" sizes="120x120 180x180" href="/touch.png">
<link rel="alternate" hreflang="fr-fr" href="/fr/"><link rel="alternate" hreflang="x-default" href="/">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Lumière"},
 {"@type":["Bakery","LocalBusiness"],"name":"Café Lumière","logo":{"@type":"ImageObject","url":"/img/logo.svg"},
  "address":{"@type":"PostalAddress","addressLocality":"Lyon","addressCountry":{"@type":"Country","name":"France"}},
  "makesOffer":{"@type":"Offer"}, "offers":[{"@type":"Offer","priceCurrency":"EUR"}]}]}</script>
<style>.x{}</style></head><body>
<header><a href="/"><img src="/img/brand.png" alt="Café Lumière"></a><nav><a href="menu">La carte</a></nav></header>
<h1>Pain au levain</h1><div hidden>secret</div><p>Court.</p><p>Cuit chaque matin à Lyon depuis 1998.</p>
<script>var hidden = "not text";</script>
<address>12 rue Mercière, 69002 Lyon, France</address><a href="tel:+33 4 00 00 00 00">Appeler</a>
</body></html>`
	latin1, err := charmap.ISO8859_1.NewEncoder().String(doc)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse([]byte(latin1), "text/html", u)
	if err != nil {
		t.Fatal(err)
	}
	checks := map[string][2]string{
		"lang":        {p.Lang, "fr-FR"},
		"title":       {p.Title, "Café Lumière · Boulangerie"},
		"description": {p.Description, "Pain au levain."},
		"site name":   {p.OGSiteName, "Café Lumière"},
		"h1":          {p.H1, "Pain au levain"},
		"hero":        {p.Hero, "Cuit chaque matin à Lyon depuis 1998."},
		"text":        {p.Text, "La carte\nPain au levain\nCourt.\nCuit chaque matin à Lyon depuis 1998.\n12 rue Mercière, 69002 Lyon, France\nAppeler"},
		"link":        {p.Links[1].URL.String(), "https://shop.example.com/fr/menu"},
		"logo":        {p.Logos[0].URL + " " + p.Logos[0].Alt, "https://shop.example.com/img/brand.png Café Lumière"},
		"icons":       {fmt.Sprint(p.Icons), "[{https://shop.example.com/fr/favicon.ico shortcut icon 0} {https://shop.example.com/touch.png apple-touch-icon 180}]"},
		"hreflang":    {strings.Join(p.Hreflangs, ","), "fr-fr"},
		"address":     {strings.Join(p.Addresses, "|"), "12 rue Mercière, 69002 Lyon, France"},
		"phone":       {strings.Join(p.Phones, ","), "+33 4 00 00 00 00"},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %q, want %q", name, c[0], c[1])
		}
	}
	if len(p.Things) != 2 {
		t.Fatalf("things %+v", p.Things)
	}
	b := p.Things[1]
	if b.Name != "Café Lumière" || b.Logo != "https://shop.example.com/img/logo.svg" || b.AddressCountry != "France" || b.Address != "Lyon, France" || fmt.Sprint(b.Currencies) != "[EUR]" {
		t.Fatalf("business %+v", b)
	}
}

// TestParseMenuText: the links of a menu (links side by side, with only
// white space or separators between them, as minified pages write them)
// are lines of their own in the page text, so that their words neither
// run together nor read as one sentence; a link inside a sentence stays
// part of it.
func TestParseMenuText(t *testing.T) {
	u, _ := url.Parse("https://widgetco.example.com/")
	doc := `<html><body><nav><a href="/about">About</a><a href="/pricing">Pricing</a><!-- x --><a href="/vs/acme">Widgetco vs Acme</a><a href="/blog">Blog</a></nav>` +
		`<div><a href="/a">Docs</a> | <a href="/b">Status</a> · <a href="/c">Careers</a></div>` +
		`<p>Unlike <a href="/vs/xero">Xero</a>, <a href="/vs/sage">Sage</a> and Wave, it is free.</p>` +
		`<p>Read the <a href="/guide">guide</a>.</p></body></html>`
	p, err := Parse([]byte(doc), "text/html", u)
	if err != nil {
		t.Fatal(err)
	}
	want := "About\nPricing\nWidgetco vs Acme\nBlog\nDocs\n|\nStatus\n·\nCareers\nUnlike Xero, Sage and Wave, it is free.\nRead the guide."
	if p.Text != want {
		t.Fatalf("text %q, want %q", p.Text, want)
	}
}
