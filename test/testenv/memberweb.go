package testenv

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// MemberWeb serves the websites of backlink exchange members on one
// loopback TLS server, by host name (a leading "www." or "blog." is the
// same site): a home page (with the verification meta tag when set), the
// well-known proof file when set, and each published article's page,
// rendered from the article's current body_html as the site's CMS would.
type MemberWeb struct {
	env   *Env
	srv   *httptest.Server
	mu    sync.Mutex
	hosts map[string]*MemberSite
}

// MemberSite is one member's website on a MemberWeb.
type MemberSite struct {
	mu        sync.Mutex
	meta      string
	wellKnown string
	paths     map[string]memberPost          // path → article served there
	rewrite   map[string]func(string) string // article id → change to its served HTML
}

// memberPost is an article a MemberSite serves, read through its
// account's client.
type memberPost struct {
	client *Client
	site   string
	id     string
}

// NewMemberWeb starts a MemberWeb for e; it stops at t's cleanup.
func (e *Env) NewMemberWeb(t testing.TB) *MemberWeb {
	w := &MemberWeb{env: e, hosts: map[string]*MemberSite{}}
	w.srv = httptest.NewTLSServer(http.HandlerFunc(w.handle))
	t.Cleanup(w.srv.Close)
	return w
}

// Serve points the service's outbound requests for host, www.host and
// blog.host at the web and answers no proof at _service.<host> until the
// test sets one; it returns host's site (the same one when served
// before). The overrides are kept as long as the stack runs (scheduled
// re-checks may visit any member's site later).
func (w *MemberWeb) Serve(t testing.TB, host string) *MemberSite {
	t.Helper()
	w.mu.Lock()
	s := w.hosts[host]
	if s == nil {
		s = &MemberSite{paths: map[string]memberPost{}, rewrite: map[string]func(string) string{}}
		w.hosts[host] = s
	}
	w.mu.Unlock()
	addr := strings.TrimPrefix(w.srv.URL, "https://")
	for _, h := range []string{host, "www." + host, "blog." + host} {
		w.env.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": h, "address": addr}).Expect(t, http.StatusOK)
	}
	w.env.SetTXT(t, "_service."+host, "v=spf1 -all")
	return s
}

// Site returns the site of host, or nil when the web does not serve it.
func (w *MemberWeb) Site(host string) *MemberSite {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.hosts[host]
}

// SetMeta serves token in the home page's verification meta tag (""
// removes the tag).
func (s *MemberSite) SetMeta(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.meta = token
}

// SetWellKnown serves content as the well-known proof file ("" removes
// it).
func (s *MemberSite) SetWellKnown(content string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wellKnown = content
}

// Publish serves article id of site (read with client) at /posts/<id>.
func (s *MemberSite) Publish(client *Client, site, id string) {
	s.Move(client, site, id, "/posts/"+id)
}

// Move serves article id of site (read with client) at path instead of
// wherever it was served before.
func (s *MemberSite) Move(client *Client, site, id, path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p, post := range s.paths {
		if post.id == id {
			delete(s.paths, p)
		}
	}
	s.paths[path] = memberPost{client: client, site: site, id: id}
}

// Rewrite changes article id's page HTML with change before it is served
// (nil serves it as written).
func (s *MemberSite) Rewrite(id string, change func(string) string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if change == nil {
		delete(s.rewrite, id)
		return
	}
	s.rewrite[id] = change
}

// anchorTags matches the opening and closing tags of HTML links.
var anchorTags = regexp.MustCompile(`</?a\b[^>]*>`)

// StripLinks serves article id's page without its links (on) or as
// written (off).
func (s *MemberSite) StripLinks(id string, on bool) {
	if !on {
		s.Rewrite(id, nil)
		return
	}
	s.Rewrite(id, func(page string) string { return anchorTags.ReplaceAllString(page, "") })
}

func (w *MemberWeb) handle(rw http.ResponseWriter, r *http.Request) {
	host := strings.ToLower(r.Host)
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	s := w.Site(host)
	if s == nil {
		host = strings.TrimPrefix(strings.TrimPrefix(host, "www."), "blog.")
		s = w.Site(host)
	}
	if s == nil {
		http.NotFound(rw, r)
		return
	}
	s.mu.Lock()
	meta, wellKnown := s.meta, s.wellKnown
	post, ok := s.paths[r.URL.Path]
	change := s.rewrite[post.id]
	s.mu.Unlock()
	switch {
	case r.URL.Path == "/":
		tag := ""
		if meta != "" {
			tag = fmt.Sprintf(`<meta name="service-site-verification" content="%s">`, html.EscapeString(meta))
		}
		fmt.Fprintf(rw, "<!doctype html><html><head><title>%s</title>%s</head><body><h1>%s</h1><p>Welcome.</p></body></html>", host, tag, host)
	case r.URL.Path == "/.well-known/service-verification" && wellKnown != "":
		fmt.Fprintln(rw, wellKnown)
	case ok:
		resp := post.client.Do(fixtureT{}, "GET", "/api/agent/v1/sites/"+post.site+"/articles/"+post.id, nil)
		if resp.Status != http.StatusOK {
			http.NotFound(rw, r)
			return
		}
		body, _ := resp.JSON(fixtureT{})["article"].(map[string]any)["body_html"].(string)
		if change != nil {
			body = change(body)
		}
		fmt.Fprintf(rw, "<!doctype html><html><body><article>%s</article></body></html>", body)
	default:
		http.NotFound(rw, r)
	}
}

// fixtureT is the testing.TB of a fixture's own requests, made outside
// any test's goroutine: a failure panics (the fixture's server answers
// 500) and cleanups never run.
type fixtureT struct{ testing.TB }

func (fixtureT) Helper()                   {}
func (fixtureT) Cleanup(func())            {}
func (fixtureT) Fatalf(f string, a ...any) { panic(fmt.Sprintf(f, a...)) }
func (fixtureT) Fatal(a ...any)            { panic(fmt.Sprint(a...)) }
