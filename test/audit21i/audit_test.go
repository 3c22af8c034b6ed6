// Package audit21i holds black-box tests, over HTTP against a dev stack,
// of defects found in the autopilot settings and the website scan (spec
// 4.5, 4.6, 7; README "Autopilot" and "Sites and scans").
package audit21i

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// html answers an HTML page.
func html(w http.ResponseWriter, page string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(page))
}

// A days value that is no array of strings (or has too many items) is one
// problem on days: before the fix the answer also said "must name at least
// one day", a second sentence about a field the caller did send days in.
func TestAutopilotDaysThatAreNoArrayAreOneProblem(t *testing.T) {
	env := testenv.Shared(t)
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	host, _ := env.Website(t, "audit21i-days", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	a := env.NewAccount(t, "http://"+host+"/")
	fifteen := make([]string, 15)
	for i := range fifteen {
		fifteen[i] = "mon"
	}
	for _, days := range []any{"mon", []any{1, 2}, map[string]any{"mon": true}, fifteen} {
		body := a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID+"/autopilot", map[string]any{"days": days}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := body["details"].([]any)
		if len(details) != 1 {
			t.Fatalf("days %v: details %v, want one problem", days, details)
		}
		d := details[0].(map[string]any)
		if d["field"] != "days" || strings.Contains(d["problem"].(string), "at least one day") {
			t.Errorf("days %v: detail %v", days, d)
		}
	}
	// An empty array is still refused for naming no day.
	body := a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID+"/autopilot", map[string]any{"days": []string{}}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if d := body["details"].([]any); len(d) != 1 || !strings.Contains(d[0].(map[string]any)["problem"].(string), "at least one day") {
		t.Errorf("days []: details %v", d)
	}
}

// The crawler reads robots.txt first, and if it disallows the home page the
// scan fails (README "Sites and scans"). When the site's address redirects
// to another origin, the home page lives there: that origin's robots.txt
// disallowing it fails the scan too. Before the fix the disallowed page was
// read and its brand stored on the site.
func TestScanFailsWhenTheRedirectedHomeIsDisallowed(t *testing.T) {
	env := testenv.Shared(t)
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	www, wwwPaths := env.Website(t, "audit21i-www", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte("User-agent: *\nDisallow: /\n"))
			return
		}
		html(w, `<!doctype html><html><head><title>Zeta Tools</title><meta name="description" content="Zeta makes garden tools."></head><body><h1>Zeta</h1><a href="/about">About</a></body></html>`)
	})
	apex, _ := env.Website(t, "audit21i-apex", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r) // no rules here
			return
		}
		http.Redirect(w, r, "http://"+www+r.URL.Path, http.StatusMovedPermanently)
	})
	a := env.NewAccount(t, "http://"+apex+"/")
	job := a.Client.WaitJob(t, a.ScanJob)
	jobErr, _ := job["error"].(map[string]any)
	if job["status"] != "failed" || jobErr["code"] != "site_robots_disallowed" {
		t.Fatalf("scan job %v, want failed with site_robots_disallowed (requests to the final host: %v)", job, wwwPaths())
	}
	sc := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	scErr, _ := sc["error"].(map[string]any)
	if sc["status"] != "failed" || scErr["code"] != "site_robots_disallowed" || !strings.Contains(scErr["message"].(string), "robots.txt") {
		t.Fatalf("scan %v", sc)
	}
	site := a.Client.Agent(t, "GET", "/sites/"+a.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["scan_status"] != "failed" || site["brand_name"] != nil || site["product_description"] != nil {
		t.Fatalf("site %v: the disallowed page's brand was kept", site)
	}
	for _, p := range wwwPaths() {
		if p == "/about" {
			t.Errorf("the crawler read /about on the final host: %v", wwwPaths())
		}
	}
}

// A scan keeps an avatar only when the site's avatar_url would take it
// (a public https URL of at most 2,048 characters, like every URL field):
// an overlong schema.org logo is skipped for the next candidate. Before the
// fix the site stored a 2,100-character avatar_url that PATCH refuses.
func TestScanSkipsAnOverlongLogo(t *testing.T) {
	env := testenv.Shared(t)
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	long := "https://cdn.example.org/" + strings.Repeat("a", 2100) + ".png"
	icon := "https://cdn.example.org/touch-icon.png"
	host, _ := env.Website(t, "audit21i-logo", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		html(w, `<!doctype html><html><head><title>Quill Notes</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Quill Notes","logo":"`+long+`"}</script>
<link rel="apple-touch-icon" sizes="180x180" href="`+icon+`">
<meta name="description" content="Quill Notes keeps meeting notes for small teams."></head>
<body><h1>Quill Notes</h1><p>Meeting notes for small teams.</p></body></html>`)
	})
	a := env.NewAccount(t, "http://"+host+"/")
	if job := a.Client.WaitJob(t, a.ScanJob); job["status"] != "completed" {
		t.Fatalf("scan job %v", job)
	}
	sc := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	if got := sc["brand"].(map[string]any)["avatar_url"]; got != icon {
		t.Fatalf("scan brand avatar_url %.80v..., want %s", got, icon)
	}
	site := a.Client.Agent(t, "GET", "/sites/"+a.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["avatar_url"] != icon {
		t.Fatalf("site avatar_url %.80v..., want %s", site["avatar_url"], icon)
	}
}

// A robots.txt longer than the crawler reads (RFC 9309 asks parsers to read
// at least 500 KiB) is read up to that limit, not taken for one that cannot
// be read: its first rules disallowing the home page fail the scan. Before
// the fix an oversized robots.txt counted as unreadable, which reads the
// home page anyway.
func TestScanObeysALongRobotsFile(t *testing.T) {
	env := testenv.Shared(t)
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	robots := "User-agent: *\nDisallow: /\n" + strings.Repeat("# a comment line that makes the file long\n", 14000)
	host, paths := env.Website(t, "audit21i-bigrobots", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte(robots))
			return
		}
		html(w, `<!doctype html><html><head><title>Big Robots</title><meta name="description" content="A site with a long robots file."></head><body><h1>Big</h1></body></html>`)
	})
	a := env.NewAccount(t, "http://"+host+"/")
	job := a.Client.WaitJob(t, a.ScanJob)
	jobErr, _ := job["error"].(map[string]any)
	if job["status"] != "failed" || jobErr["code"] != "site_robots_disallowed" {
		t.Fatalf("scan job %v, want failed with site_robots_disallowed", job)
	}
	if got := paths(); len(got) != 1 || got[0] != "/robots.txt" {
		t.Errorf("requests %v, want only /robots.txt", got)
	}
}
