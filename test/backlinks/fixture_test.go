package backlinks_test

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"rvcontent/test/testenv"
)

// fixture serves the members' websites on one loopback TLS server, by
// host name: a home page (with the verification meta tag when set), the
// well-known proof file when set, and each published article's page,
// rendered from the article's current body as the site's CMS would.
type fixture struct {
	srv   *httptest.Server
	mu    sync.Mutex
	hosts map[string]*website
}

// website is one member's website.
type website struct {
	mu        sync.Mutex
	meta      string
	wellKnown string
	articles  map[string]*member // article id → its member
	strip     map[string]bool    // article ids served without links
}

func newFixture() *fixture {
	f := &fixture{hosts: map[string]*website{}}
	f.srv = httptest.NewTLSServer(http.HandlerFunc(f.handle))
	return f
}

// serve points the stack's outbound requests for host at the fixture.
// The override is kept for the whole run (scheduled re-checks may visit
// any member's site later).
func (f *fixture) serve(t *testing.T, e *testenv.Env, host string) {
	t.Helper()
	f.mu.Lock()
	f.hosts[host] = &website{articles: map[string]*member{}, strip: map[string]bool{}}
	f.mu.Unlock()
	addr := strings.TrimPrefix(f.srv.URL, "https://")
	for _, h := range []string{host, "www." + host, "blog." + host} {
		e.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": h, "address": addr}).Expect(t, http.StatusOK)
	}
	e.SetTXT(t, "_service."+host, "v=spf1 -all")
}

// site returns the website of host.
func (f *fixture) site(host string) *website {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hosts[host]
}

func (w *website) setMeta(token string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.meta = token
}

func (w *website) setWellKnown(content string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.wellKnown = content
}

func (w *website) addArticle(m *member, id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.articles[id] = m
}

// stripLinks makes the article's page drop (or keep) its links.
func (w *website) stripLinks(id string, on bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.strip[id] = on
}

var anchorTags = regexp.MustCompile(`</?a\b[^>]*>`)

func (f *fixture) handle(rw http.ResponseWriter, r *http.Request) {
	host := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(r.Host), "www."), "blog.")
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	w := f.site(host)
	if w == nil {
		http.NotFound(rw, r)
		return
	}
	w.mu.Lock()
	meta, wellKnown := w.meta, w.wellKnown
	w.mu.Unlock()
	switch {
	case r.URL.Path == "/":
		tag := ""
		if meta != "" {
			tag = fmt.Sprintf(`<meta name="service-site-verification" content="%s">`, html.EscapeString(meta))
		}
		fmt.Fprintf(rw, "<!doctype html><html><head><title>%s</title>%s</head><body><h1>%s</h1><p>Welcome.</p></body></html>", host, tag, host)
	case r.URL.Path == "/.well-known/service-verification" && wellKnown != "":
		fmt.Fprintln(rw, wellKnown)
	case strings.HasPrefix(r.URL.Path, "/posts/"):
		f.article(rw, r, w, strings.TrimPrefix(r.URL.Path, "/posts/"))
	default:
		http.NotFound(rw, r)
	}
}

// article renders a published article from its current body.
func (f *fixture) article(rw http.ResponseWriter, r *http.Request, w *website, id string) {
	w.mu.Lock()
	m, strip := w.articles[id], w.strip[id]
	w.mu.Unlock()
	if m == nil {
		http.NotFound(rw, r)
		return
	}
	resp := m.acct.Client.Do(keepAlive{}, "GET", "/api/agent/v1/sites/"+m.site+"/articles/"+id, nil)
	if resp.Status != http.StatusOK {
		http.Error(rw, "gone", http.StatusNotFound)
		return
	}
	body := resp.JSON(keepAlive{})["article"].(map[string]any)["body_html"].(string)
	if strip {
		body = anchorTags.ReplaceAllString(body, "")
	}
	fmt.Fprintf(rw, "<!doctype html><html><body><article>%s</article></body></html>", body)
}
