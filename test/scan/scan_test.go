package scan

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode"

	"rvcontent/test/testenv"
)

// TestRichSite scans a business website that states everything: every
// brand and analysis field comes back, exactly as the pages say it; the
// site's empty brand fields are filled; robots.txt and the site's host are
// respected; the job, event and activity entries tell the same story.
func TestRichSite(t *testing.T) {
	env := testenv.Shared(t)
	site := serve(t, env, "ledgerly", false, pages(richRobots, rich))
	a := account(t, env, site.URL, nil)

	job := a.Client.WaitJob(t, a.ScanJob)
	if job["status"] != "completed" || job["kind"] != "site.scan" {
		t.Fatalf("job %v", job)
	}
	sc := scanOf(t, a)
	want := richWant(site.Host)
	equalJSON(t, "brand", sc["brand"], want["brand"])
	equalJSON(t, "analysis", sc["analysis"], want["analysis"])
	if sc["status"] != "completed" || sc["stage"] != "plan" || sc["error"] != nil || sc["job_id"] != a.ScanJob || sc["site_id"] != a.SiteID {
		t.Fatalf("scan %v", sc)
	}
	// The plan stage (test/research covers it): keywords and articles.
	for k, n := range map[string]float64{"keywords_found": 12, "articles_planned": 8, "ideas": 5, "scheduled": 3} {
		if sc[k] != n {
			t.Errorf("%s = %v, want %v", k, sc[k], n)
		}
	}
	if sc["started_at"] == nil || sc["finished_at"] == nil || sc["started_at"].(string) > sc["finished_at"].(string) {
		t.Errorf("timestamps %v .. %v", sc["started_at"], sc["finished_at"])
	}
	equalJSON(t, "job result", job["result"], sc)

	s := siteOf(t, a)
	if s["scan_status"] != "completed" || s["brand_name"] != "Ledgerly" || s["avatar_url"] != "https://"+site.Host+"/static/logo.png" ||
		s["product_description"] != want["brand"].(map[string]any)["product_description"] {
		t.Fatalf("site after the scan: %v", s)
	}

	// What was read: robots.txt, the home page and the chosen pages of the
	// site's own host; never a robots-disallowed, login or file URL.
	paths := site.Paths()
	for _, p := range []string{"/robots.txt", "/", "/features", "/pricing", "/about", "/compare/freshbooks"} {
		if !site.Requested(p) {
			t.Errorf("%s was not read (read %v)", p, paths)
		}
	}
	for _, p := range []string{"/team", "/admin", "/login", "/static/guide.pdf"} {
		if site.Requested(p) {
			t.Errorf("%s was read (read %v)", p, paths)
		}
	}
	if paths[0] != "/robots.txt" || len(paths) != 6 {
		t.Errorf("requests %v, want robots.txt first and 6 in all", paths)
	}

	evs := events(t, a, "site.scan_completed")
	if len(evs) != 1 {
		t.Fatalf("%d site.scan_completed events", len(evs))
	}
	equalJSON(t, "event data", evs[0]["data"], map[string]any{"scan": sc})
	if evs[0]["site_id"] != a.SiteID {
		t.Errorf("event site_id %v", evs[0]["site_id"])
	}
	if n := len(events(t, a, "site.scan_failed")); n != 0 {
		t.Errorf("%d site.scan_failed events", n)
	}

	var act struct{ Activity []map[string]any }
	a.Client.Agent(t, "GET", "/activity?site_id="+a.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &act)
	found := false
	for _, e := range act.Activity {
		if e["action"] == "site.scan_completed" {
			found = true
			actor := e["actor"].(map[string]any)
			if actor["type"] != "service" || !strings.Contains(e["summary"].(string), "brand_name, product_description, avatar_url") {
				t.Errorf("activity entry %v", e)
			}
		}
	}
	if !found {
		t.Errorf("no site.scan_completed activity entry in %v", act.Activity)
	}
}

// TestBarePage: a page that says nothing about a business gives empty
// analysis fields, never guesses.
func TestBarePage(t *testing.T) {
	env := testenv.Shared(t)
	site := serve(t, env, "bare", false, pages("", bare))
	a := account(t, env, site.URL, nil)
	if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
		t.Fatalf("job %v", j)
	}
	sc := scanOf(t, a)
	equalJSON(t, "analysis", sc["analysis"], map[string]any{"niche": "", "audience": "", "geo": "", "competitors": []any{}})
	equalJSON(t, "brand", sc["brand"], map[string]any{"brand_name": "Hello", "product_description": "", "avatar_url": ""})
	s := siteOf(t, a)
	if s["brand_name"] != "Hello" || s["product_description"] != nil || s["avatar_url"] != nil {
		t.Fatalf("site %v: only what the page gives is filled", s)
	}
}

// TestRedirectedSite follows the site's redirects to its real host and
// reads the pages there.
func TestRedirectedSite(t *testing.T) {
	env := testenv.Shared(t)
	target := serve(t, env, "www-ledgerly", false, pages(richRobots, rich))
	start := serve(t, env, "ledgerly-old", true, func(*site) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "https://"+target.Host+r.URL.Path, http.StatusMovedPermanently)
		})
	})
	a := account(t, env, start.URL, nil)
	if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
		t.Fatalf("job %v", j)
	}
	sc := scanOf(t, a)
	want := richWant(target.Host)
	equalJSON(t, "brand", sc["brand"], want["brand"])
	equalJSON(t, "analysis", sc["analysis"], want["analysis"])
	if !target.Requested("/pricing") || !target.Requested("/robots.txt") {
		t.Fatalf("the final host's pages were not read: %v", target.Paths())
	}
}

// TestFailures: each way a website cannot be read fails the scan (and its
// job) with an error that says which problem it was.
func TestFailures(t *testing.T) {
	env := testenv.Shared(t)
	cases := []struct {
		name     string
		handler  http.HandlerFunc
		code     string
		mentions []string
	}{
		{"redirect to a private address", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://127.0.0.1:9/admin", http.StatusFound)
		}, "site_address_refused", []string{"127.0.0.1", "not a public web address"}},
		{"redirect to the cloud metadata address", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		}, "site_address_refused", []string{"169.254.169.254"}},
		{"server error", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}, "site_http_error", []string{"HTTP 500", "Internal Server Error"}},
		{"oversized page", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><body>" + strings.Repeat("<p>filler text</p>", 200000) + "</body></html>"))
		}, "site_too_large", []string{"larger than 2 MB"}},
		{"not html", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"hello": "world"}`))
		}, "site_not_html", []string{"application/json", "not an HTML page"}},
		{"redirect loop", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/again"+r.URL.Path, http.StatusFound)
		}, "site_too_many_redirects", []string{"more than 5 times"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := serve(t, env, "broken", false, func(*site) http.Handler { return tc.handler })
			a := account(t, env, site.URL, nil)
			job := a.Client.WaitJob(t, a.ScanJob)
			sc := scanOf(t, a)
			checkFailed(t, a, job, sc, tc.code, append(tc.mentions, site.Host))
		})
	}
	t.Run("site down", func(t *testing.T) {
		host := fmt.Sprintf("down-%d-%d.example.com", time.Now().UnixNano()%100000, hostSeq.Add(1))
		env.SetHost(t, host, "127.0.0.1:9") // nothing listens there
		a := account(t, env, "https://"+host+"/", nil)
		checkFailed(t, a, a.Client.WaitJob(t, a.ScanJob), scanOf(t, a), "site_unreachable", []string{host, "refused the connection"})
	})
}

func checkFailed(t *testing.T, a *testenv.Account, job, sc map[string]any, code string, mentions []string) {
	t.Helper()
	e, _ := sc["error"].(map[string]any)
	if sc["status"] != "failed" || e == nil || e["code"] != code {
		t.Fatalf("scan %v, want failed with %s", sc, code)
	}
	for _, m := range mentions {
		if !strings.Contains(e["message"].(string), m) {
			t.Errorf("error %q does not mention %q", e["message"], m)
		}
	}
	if sc["finished_at"] == nil || sc["stage"] != "brand" {
		t.Errorf("scan %v", sc)
	}
	equalJSON(t, "analysis of a failed scan", sc["analysis"], map[string]any{"niche": "", "audience": "", "geo": "", "competitors": []any{}})
	if job["status"] != "failed" {
		t.Fatalf("job %v", job)
	}
	equalJSON(t, "job error", job["error"], e)
	if s := siteOf(t, a); s["scan_status"] != "failed" {
		t.Errorf("site scan_status %v", s["scan_status"])
	}
	evs := events(t, a, "site.scan_failed")
	if len(evs) != 1 {
		t.Fatalf("%d site.scan_failed events", len(evs))
	}
	equalJSON(t, "event data", evs[0]["data"], map[string]any{"scan": sc})
}

// TestInternationalisedSiteName: a site_url whose host is in another
// script is accepted as given and scanned at the host's ASCII (IDNA) form,
// which is what DNS knows (the host override is set with the name as the
// person wrote it).
func TestInternationalisedSiteName(t *testing.T) {
	env := testenv.Shared(t)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, `<!doctype html><html><head><title>Bücherstube</title></head><body><h1>Bücher</h1></body></html>`)
	}))
	t.Cleanup(srv.Close)
	host := fmt.Sprintf("bücherstube-%d-%d.example.com", time.Now().UnixNano()%100000, hostSeq.Add(1))
	env.SetHost(t, host, srv.Listener.Addr().String())
	siteURL := "https://" + host + "/"
	a := account(t, env, siteURL, nil)
	if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
		t.Fatalf("job %v", j)
	}
	if s := siteOf(t, a); s["website_url"] != siteURL || s["brand_name"] != "Bücherstube" {
		t.Fatalf("site %v: want website_url %s as given and the brand read from the page", s, siteURL)
	}
	a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, map[string]any{"website_url": "https://例え.jp/"}).Expect(t, http.StatusOK)
}

// TestOnlyComparedRivals: the scan names only the rival the pages compare
// the brand with. A page written without white space between its menu
// links ("<a>Pricing</a><a>Blog</a>") does not run the entries together
// into names ("AcmeBlogCareers"), and the words before the brand in a
// title-case heading ("Why Plumbers Pick Widgetco vs Acme") are no rival.
func TestOnlyComparedRivals(t *testing.T) {
	env := testenv.Shared(t)
	site := serve(t, env, "widgetco", false, pages("", map[string]string{
		"/": `<html lang="en"><head><title>Widgetco | Widgets for plumbers</title><meta name="description" content="Widgetco makes widgets for plumbers."></head>` +
			`<body><nav><a href="/about">About</a><a href="/pricing">Pricing</a><a href="/vs/acme">Widgetco vs Acme</a><a href="/blog">Blog</a><a href="/careers">Careers</a></nav>` +
			`<h1>Widgetco</h1><p>Widgets for plumbers.</p><h2>Why Plumbers Pick Widgetco vs Acme</h2></body></html>`,
	}))
	a := account(t, env, site.URL, nil)
	if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
		t.Fatalf("job %v", j)
	}
	sc := scanOf(t, a)
	equalJSON(t, "competitors", sc["analysis"].(map[string]any)["competitors"], []string{"Acme"})
	var kws struct{ Keywords []struct{ Name string } }
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/keywords?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &kws)
	for _, k := range kws.Keywords {
		if strings.Contains(k.Name, "acmeblog") || strings.Contains(k.Name, "pricingwidgetco") {
			t.Errorf("keyword %q is made of glued menu entries", k.Name)
		}
	}
}

// TestPagesWithHiddenCharacters: a website whose title and description
// carry bidirectional overrides and control characters (which make a name
// read otherwise than it is written, and which the API refuses in a
// brand_name, keyword name or article keyword) gives a brand, an analysis
// and keywords without them, so every keyword the scan found can be sent
// back as an article's keyword.
func TestPagesWithHiddenCharacters(t *testing.T) {
	env := testenv.Shared(t)
	site := serve(t, env, "bidi", false, pages("", map[string]string{
		"/": "<!doctype html><html lang=\"en\"><head><title>Bidi\u202e Co | Garden tools for\u202e allotments</title>" +
			"<meta name=\"description\" content=\"Bidi Co sells garden tools\u2066 for allotment holders\u0085.\"></head>" +
			"<body><h1>Bidi Co</h1><p>Garden tools for allotment holders.</p></body></html>",
	}))
	a := account(t, env, site.URL, nil)
	if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
		t.Fatalf("job %v", j)
	}
	sc := scanOf(t, a)
	hidden := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool {
			return unicode.IsControl(r) || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x2028 || r == 0x2029
		}) >= 0
	}
	brand, analysis := sc["brand"].(map[string]any), sc["analysis"].(map[string]any)
	if brand["brand_name"] != "Bidi Co" || hidden(brand["product_description"].(string)) || hidden(analysis["niche"].(string)) || analysis["niche"] == "" {
		t.Fatalf("scan brand %v, analysis %v: hidden characters kept", brand, analysis)
	}
	if s := siteOf(t, a); s["brand_name"] != "Bidi Co" || hidden(s["product_description"].(string)) {
		t.Fatalf("site %v", s)
	}
	var kws struct{ Keywords []struct{ Name string } }
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/keywords?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &kws)
	if len(kws.Keywords) == 0 {
		t.Fatal("the scan found no keywords")
	}
	for _, k := range kws.Keywords {
		if hidden(k.Name) {
			t.Errorf("keyword %q keeps a hidden character", k.Name)
		}
	}
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "About " + kws.Keywords[0].Name, "keyword": kws.Keywords[0].Name}).Expect(t, http.StatusCreated)
}
