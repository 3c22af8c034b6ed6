package audit27i

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// maxOverlap returns the most calls of spans that ran at one moment.
func maxOverlap(spans []dynamo.Span) int {
	type edge struct {
		at    time.Time
		delta int
	}
	var edges []edge
	for _, s := range spans {
		edges = append(edges, edge{s.Start, 1}, edge{s.End, -1})
	}
	// An end sorts before a start at the same instant: they do not overlap.
	sort.Slice(edges, func(i, j int) bool {
		if edges[i].at.Equal(edges[j].at) {
			return edges[i].delta < edges[j].delta
		}
		return edges[i].at.Before(edges[j].at)
	})
	n, best := 0, 0
	for _, e := range edges {
		n += e.delta
		best = max(best, n)
	}
	return best
}

// TestOverviewOfManySitesBoundsItsFanOut: README, Owner dashboard: "Every
// read and action of a page is an agent-API request of the signed-in
// owner, run in the endpoint's own function (gateway.RemoteAgentAPI:
// Lambda Invoke in AWS ...)", "The overview shows a card for every site",
// and AWS: "a function serves one request at a time" while "new accounts
// can start with [a Lambda concurrency quota] far below 1,000". Defect:
// a page sent all its reads at once, however many: the overview of an
// account with 31 sites sent its 186 reads (six per site) as 186
// simultaneous agent-API requests, in AWS 186 concurrent Lambda
// invocations, each needing an execution environment of its own (cold
// starts, and Invoke's throttling past the account's concurrency, which
// fails the page). A page now runs at most pages.MaxConcurrentReads of
// its reads at a time; the overview still shows every site's card. The
// test slows every DynamoDB call down so that concurrent reads overlap,
// and counts the calls in flight at once while the overview loads.
func TestOverviewOfManySitesBoundsItsFanOut(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	const studio = 30
	for i := range studio {
		o.API(t, "POST", "/sites", map[string]any{"site_url": fmt.Sprintf("https://acme.com/shop%d", i), "site_name": fmt.Sprintf("Studio number %d", i)}, http.StatusCreated)
	}
	o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK)
	env.Calls.SetDelay(20 * time.Millisecond)
	env.Calls.Record(true)
	page := o.Browser.Get(t, "/dashboard")
	env.Calls.Record(false)
	env.Calls.SetDelay(0)
	spans := env.Calls.Spans()
	page.Expect(t, http.StatusOK)
	for i := range studio {
		if name := fmt.Sprintf("Studio number %d<", i); !strings.Contains(page.Body, name) {
			t.Errorf("the overview has no card for %q", name)
		}
	}
	// Each agent-API read makes a few DynamoDB calls at once; a page
	// running at most a handful of reads at a time keeps well under 100
	// calls in flight, where sending every read at once passes 150.
	if n := maxOverlap(spans); n > 80 {
		t.Errorf("loading the overview of %d sites had %d DynamoDB calls in flight at once (%d calls in all): its reads all ran at once", studio+1, n, len(spans))
	}
}

// TestOverviewReadsTheActivityLogOnceForEverySite: README, Owner
// dashboard: "An overview (per site: name, status, plan or trial with days
// left, credits, latest activity ...)"; AWS: "one [function] per endpoint
// group with routes (..., timeout 29 s)". Defect: the overview read each site's latest activity
// with its own GET /activity?limit=1&site_id=..., and the log is one
// partition per account, filtered by site: for a site with no recent
// activity each such read went through the account's whole log (kept 365
// days) to find its one entry. 31 sites and 3,000 entries of the busy
// primary site took 447 DynamoDB queries and 3.4 s on the dev stack, and
// the cost grows with the sites times the log, past the function's
// timeout for a year of a busy account. The overview now reads the
// account's log once, newest first, at most 5 pages of 100, and gives
// each site the latest entry found there; a site with none among them
// says so and links to its own activity log instead of reading on.
func TestOverviewReadsTheActivityLogOnceForEverySite(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AccountRequestsPerMinute = 100000 }})
	o := env.NewPaidOwner(t)
	const studio = 30
	ids := make([]string, studio)
	for i := range studio {
		ids[i] = o.API(t, "POST", "/sites", map[string]any{"site_url": fmt.Sprintf("https://acme.com/shop%d", i), "site_name": fmt.Sprintf("Studio number %d", i)}, http.StatusCreated)["site"].(map[string]any)["id"].(string)
	}
	env.RunScheduled(t) // the Studio sites' first scans end (and log) before the busy spell
	testenv.AtOnce(10, func(w int) bool {
		for i := w; i < 600; i += 10 {
			o.API(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": fmt.Sprintf("busy keyword %d", i)}, http.StatusCreated)
		}
		return true
	})
	// One Studio site is busy lately too.
	o.API(t, "PATCH", "/sites/"+ids[7], map[string]any{"product_description": "Rocket kits for schools, lately described."}, http.StatusOK)
	const latest = "Site settings changed: product description"

	env.Calls.Snapshot()
	page := o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK)
	calls := env.Calls.Snapshot()
	if calls["Query"] > 200 {
		t.Errorf("the overview of %d sites made %d DynamoDB queries (%v): it read the activity log once per site", studio+1, calls["Query"], calls)
	}
	card := func(name string) string {
		at := strings.Index(page.Body, name+"<")
		if at < 0 {
			t.Fatalf("the overview has no card for %q", name)
		}
		end := strings.Index(page.Body[at:], "</article>")
		if end < 0 {
			t.Fatalf("the card of %q does not end", name)
		}
		return page.Body[at : at+end]
	}
	if c := card("Studio number 7"); !strings.Contains(c, latest) {
		t.Errorf("the card of a Studio site busy lately does not show its latest activity %q:\n%s", latest, c)
	}
	// A site whose latest entry is older than what the overview reads
	// links to its own log, and never claims it has none.
	c := card("Studio number 3")
	if strings.Contains(c, "nothing yet") || !strings.Contains(c, `href="/dashboard/sites/`+ids[3]+`/activity"`) {
		t.Errorf("the card of a Studio site with older activity neither shows it nor links to the site's activity log:\n%s", c)
	}
}
