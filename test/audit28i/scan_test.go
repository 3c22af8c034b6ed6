package audit28i

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestScanFollowsNoRedirectPastRobotsOrOffSite: README "Sites and scans":
// "The crawler reads robots.txt first (agent token `ServiceBot`) ... It
// then reads up to 5 more pages on the site's own host(s)"; spec 2 Scan
// "Fields the scan cannot ground in the website come back empty, never
// guessed". Defect: a page the home page links to was fetched with every
// redirect followed, and only the link itself was checked against
// robots.txt: /about redirecting to a path robots.txt disallows was read
// and fed the analysis (its text became the scan's audience), and a page
// redirecting to another website was requested there too (then dropped).
// Each hop of such a page is now checked as its link is: a redirect to a
// disallowed path or off the site's hosts is not followed, and the page
// is left out.
func TestScanFollowsNoRedirectPastRobotsOrOffSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	elsewhere, elsewherePaths := env.Website(t, "audit28i-elsewhere", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><head><title>Elsewhere</title></head><body><p>Another website.</p></body></html>`))
	})
	host, paths := env.Website(t, "audit28i-robots", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nDisallow: /private\n"))
		case "/":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<!doctype html><html lang="en"><head><title>Acme Rockets - Model rockets</title></head><body><h1>Acme Rockets</h1>` +
				`<p>Model rocket kits.</p><a href="/about">About</a><a href="/pricing">Pricing</a></body></html>`))
		case "/about":
			http.Redirect(w, r, "/private/team", http.StatusFound)
		case "/pricing":
			http.Redirect(w, r, "http://"+elsewhere+"/pricing", http.StatusFound)
		case "/private/team":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<html><head><title>Team</title><meta name="description" content="Acme Rockets plans for Mars colonists."></head><body><p>Plans for Mars colonists.</p></body></html>`))
		default:
			http.NotFound(w, r)
		}
	})
	a := env.NewAccount(t, "http://"+host+"/")
	if job := a.Client.WaitJob(t, a.ScanJob); job["status"] != "completed" {
		t.Fatalf("scan job %v, want completed", job)
	}
	if got := paths(); slices.Contains(got, "/private/team") {
		t.Errorf("the crawler requested /private/team, which robots.txt disallows, through /about's redirect (requests: %v)", got)
	}
	if got := elsewherePaths(); len(got) != 0 {
		t.Errorf("the crawler requested %v on another website through /pricing's redirect", got)
	}
	scan := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	if an, _ := scan["analysis"].(map[string]any); strings.Contains(strings.ToLower(an["audience"].(string)+an["niche"].(string)), "mars") {
		t.Errorf("the scan's analysis %v comes from the disallowed page", an)
	}
}
