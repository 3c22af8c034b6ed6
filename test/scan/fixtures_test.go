package scan

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// site is a fixture website served on loopback and reached by the service
// under a public-looking host name through the dev stack's host override.
type site struct {
	Host string // the public name, e.g. ledgerly-3.example.com
	URL  string // https://<Host>/ (or http:// for plain servers)

	mu       sync.Mutex
	requests []string // paths requested, in order
}

// Paths returns the paths requested so far.
func (s *site) Paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// Requested reports whether path was requested.
func (s *site) Requested(path string) bool {
	for _, p := range s.Paths() {
		if p == path {
			return true
		}
	}
	return false
}

func (s *site) record(r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.URL.RequestURI())
	s.mu.Unlock()
}

var hostSeq atomic.Int64

// serve starts handler as the website of a fresh host named after name,
// over TLS unless plain, and points the service's outbound requests for it
// at the server.
func serve(t testing.TB, env *testenv.Env, name string, plain bool, handler func(s *site) http.Handler) *site {
	t.Helper()
	s := &site{Host: fmt.Sprintf("%s-%d-%d.example.com", name, time.Now().UnixNano()%100000, hostSeq.Add(1))}
	h := handler(s)
	wrapped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.record(r)
		h.ServeHTTP(w, r)
	})
	var srv *httptest.Server
	if plain {
		srv = httptest.NewServer(wrapped)
		s.URL = "http://" + s.Host + "/"
	} else {
		srv = httptest.NewTLSServer(wrapped)
		s.URL = "https://" + s.Host + "/"
	}
	t.Cleanup(srv.Close)
	env.SetHost(t, s.Host, srv.Listener.Addr().String())
	return s
}

// pages serves fixed HTML pages by path (with {{host}} replaced), a
// robots.txt and 404 for the rest.
func pages(robots string, byPath map[string]string) func(s *site) http.Handler {
	return func(s *site) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				if robots == "" {
					http.NotFound(w, r)
					return
				}
				w.Header().Set("Content-Type", "text/plain")
				fmt.Fprint(w, robots)
				return
			}
			body, ok := byPath[r.URL.Path]
			if !ok {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, strings.ReplaceAll(body, "{{host}}", s.Host))
		})
	}
}

// richRobots keeps ServiceBot out of /team and everyone out of /admin.
const richRobots = "User-agent: *\nDisallow: /admin\n\nUser-agent: ServiceBot\nDisallow: /team\n"

// rich is a business website that states everything the scan reads: its
// name, description and logo; what it is and for whom; where it does
// business (en-GB, a UK address, a +44 number, prices in pounds); and the
// rivals its comparison page names.
var rich = map[string]string{
	"/": `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>Ledgerly | Invoicing software for freelancers</title>
<meta name="description" content="Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds and get paid faster.">
<meta property="og:site_name" content="Ledgerly">
<meta property="og:description" content="Invoicing for freelancers.">
<link rel="icon" href="/favicon.ico">
<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">
<link rel="alternate" hreflang="en-gb" href="https://{{host}}/">
<link rel="alternate" hreflang="x-default" href="https://{{host}}/">
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Organization", "name": "Ledgerly", "url": "https://{{host}}/",
 "logo": "https://{{host}}/static/logo.png",
 "address": {"@type": "PostalAddress", "streetAddress": "1 Market Street", "addressLocality": "Leeds", "postalCode": "LS1 6DT", "addressCountry": "GB"}}
</script>
</head>
<body>
<header>
  <a href="/"><img src="/static/logo.png" alt="Ledgerly logo"></a>
  <nav>
    <a href="/features">Features</a>
    <a href="/pricing">Pricing</a>
    <a href="/about">About us</a>
    <a href="/team">Our team</a>
    <a href="/compare/freshbooks">Ledgerly vs FreshBooks</a>
    <a href="/login">Log in</a>
  </nav>
</header>
<main>
  <h1>Get paid faster</h1>
  <p>Send invoices, chase late payments and track expenses in one place.</p>
  <section><h2>Trusted by Shopify sellers</h2><p>Works with Stripe and PayPal.</p></section>
  <a href="/static/guide.pdf">Download the guide</a>
  <a href="https://twitter.com/ledgerly">Twitter</a>
</main>
<footer>
  <address>Ledgerly Ltd, 1 Market Street, Leeds LS1 6DT, United Kingdom</address>
  <a href="tel:+441130000000">+44 113 000 0000</a>
</footer>
</body>
</html>`,
	"/features": `<html><head><title>Features | Ledgerly</title></head><body>
<h1>Features</h1><p>Recurring invoices, payment reminders and expense tracking.</p></body></html>`,
	"/pricing": `<html><head><title>Pricing | Ledgerly</title></head><body>
<h1>Pricing</h1><p>Solo: £9 a month. Studio: £29 a month.</p></body></html>`,
	"/about": `<html><head><title>About us | Ledgerly</title></head><body>
<h1>About us</h1><p>We are a small team in Leeds building software we wanted ourselves.</p></body></html>`,
	"/team":  `<html><head><title>Team | Ledgerly</title></head><body><h1>Robots keep the scan out of here</h1></body></html>`,
	"/admin": `<html><body>admin</body></html>`,
	"/compare/freshbooks": `<html><head><title>Ledgerly vs FreshBooks | Ledgerly</title></head><body>
<h1>Ledgerly vs FreshBooks</h1>
<h2>The best QuickBooks alternative for freelancers</h2>
<p>Unlike Xero, Ledgerly is free for your first client. Compared with Zoho Invoice and Sage, setup takes a minute.</p>
</body></html>`,
}

// richWant is what a scan of rich finds.
func richWant(host string) map[string]any {
	return map[string]any{
		"brand": map[string]any{
			"brand_name":          "Ledgerly",
			"product_description": "Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds and get paid faster.",
			"avatar_url":          "https://" + host + "/static/logo.png",
		},
		"analysis": map[string]any{
			"niche":       "invoicing app",
			"audience":    "freelancers and small agencies",
			"geo":         "United Kingdom (English)",
			"competitors": []any{"FreshBooks", "QuickBooks", "Xero", "Zoho Invoice", "Sage"},
		},
	}
}

// bare is a page that says nothing about a business.
var bare = map[string]string{
	"/": `<html><head><title>Hello</title></head><body><p>Just a page.</p></body></html>`,
}
