package audit22h

import (
	"net/http"
	"sort"
	"testing"

	"rvcontent/test/testenv"
)

// homeWithLinks is a home page linking to eight pages of the site.
const homeWithLinks = `<!doctype html><html lang="en"><head><title>Rocket Kits</title>
<meta name="description" content="Rocket Kits sells model rocket kits for schools."></head><body>
<h1>Rocket Kits</h1><p>Model rocket kits for schools and clubs.</p>
<a href="/about">About</a> <a href="/features">Features</a> <a href="/pricing">Pricing</a>
<a href="/compare">Compare</a> <a href="/contact">Contact</a> <a href="/blog">Blog</a>
<a href="/careers">Careers</a> <a href="/press">Press</a></body></html>`

// crawl scans a site whose robots.txt answers robots (status and body)
// and whose every other page is homeWithLinks, and returns the scan job
// and the paths the crawler asked for.
func crawl(t *testing.T, env *testenv.Env, name string, status int, robots string) (map[string]any, []string) {
	t.Helper()
	host, paths := env.Website(t, name, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(status)
			_, _ = w.Write([]byte(robots))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(homeWithLinks))
	})
	acct := env.NewAccount(t, "http://"+host+"/")
	job := acct.Client.WaitJob(t, acct.ScanJob)
	seen := paths()
	sort.Strings(seen)
	return job, seen
}

// TestRobotsRulesOfTheCrawler: README ("Sites and scans"): "The crawler
// reads robots.txt first (agent token ServiceBot): if it disallows the
// home page the scan fails; if robots.txt answers 5xx or 429, times out or
// cannot be parsed, only the home page is read; a 404 means no rules. It
// then reads up to 5 more pages on the site's own host(s)". A robots.txt
// answering 503 or 429 leaves the home page alone read; a 404, or rules
// for another agent only, let the crawler read the home page and 5 more;
// rules for ServiceBot that disallow everything fail the scan with
// site_robots_disallowed.
func TestRobotsRulesOfTheCrawler(t *testing.T) {
	env := testenv.Shared(t)
	for _, tc := range []struct {
		name   string
		status int
		robots string
		pages  int // pages besides /robots.txt
	}{
		{"unavailable", http.StatusServiceUnavailable, "", 1},
		{"throttled", http.StatusTooManyRequests, "", 1},
		{"missing", http.StatusNotFound, "", 6},
		{"otheragent", http.StatusOK, "User-agent: OtherBot\nDisallow: /\n", 6},
	} {
		job, paths := crawl(t, env, "robots-"+tc.name, tc.status, tc.robots)
		if job["status"] != "completed" {
			t.Fatalf("%s: scan job %v", tc.name, job)
		}
		n := 0
		for _, p := range paths {
			if p != "/robots.txt" {
				n++
			}
		}
		if n != tc.pages || !contains(paths, "/robots.txt") {
			t.Fatalf("%s: the crawler read %v, want /robots.txt and %d pages", tc.name, paths, tc.pages)
		}
	}
	job, paths := crawl(t, env, "robots-servicebot", http.StatusOK, "User-agent: ServiceBot\nDisallow: /\n")
	e, _ := job["error"].(map[string]any)
	if job["status"] != "failed" || e == nil || e["code"] != "site_robots_disallowed" || e["message"] == "" {
		t.Fatalf("scan job of a site refusing ServiceBot: %v", job)
	}
	if len(paths) != 1 || paths[0] != "/robots.txt" {
		t.Fatalf("the crawler read %v of a site refusing it", paths)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
