package audit26i

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestGenerateAfterCrashWritesOnce pins the README's Generate ("One
// transaction spends 1 article credit, moves the article to generating
// and creates the job; send Idempotency-Key (a replay returns the same
// job)"), Jobs ("A job whose queue message or worker was lost is picked
// up again by a scheduled sweep") and Faults (after_commit "Tests use it
// to show that retries replay instead of running twice and that sweeps
// recover lost work"), which no other test covered for generate: the
// function dies after the commit, before the job's queue message is
// sent; the retry replays the same job, the sweep starts it, and the
// article is written once, for one credit, with article.generated and
// article.finished delivered once each.
func TestGenerateAfterCrashWritesOnce(t *testing.T) {
	env, acct := testenv.StartScanned(t, "generate-crash")
	env.Trial(t, acct, testenv.TestCardOK)
	c := acct.Client
	site := "/sites/" + acct.SiteID
	rc := testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, c, rc.URL, "article.generated", "article.finished")
	var art struct{ Article struct{ ID string } }
	c.Agent(t, "POST", site+"/articles", map[string]any{"title": "Choosing a launch pad", "keyword": "model rocket launch pad", "status": "scheduled"}).
		Expect(t, http.StatusCreated).Decode(t, &art)
	env.Settle(t)
	before := articleCredits(t, c, site)

	got := crashThenRetry(t, env, c, "POST", site+"/articles/"+art.Article.ID+"/generate", nil, "generate-crash", http.StatusAccepted).JSON(t)
	jobID := got["job"].(map[string]any)["id"].(string)
	settleSweeps(t, env)

	job := c.WaitJob(t, jobID)
	if job["status"] != "completed" || job["attempts"] != float64(1) {
		t.Fatalf("generate job after the sweep = %v, want completed at its first attempt", job)
	}
	var jobs struct{ Jobs []map[string]any }
	c.Agent(t, "GET", "/jobs?kind=article.generate", nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	if len(jobs.Jobs) != 1 || jobs.Jobs[0]["id"] != jobID {
		t.Fatalf("article.generate jobs = %v, want only the replayed %s", jobs.Jobs, jobID)
	}
	if a := c.Agent(t, "GET", site+"/articles/"+art.Article.ID, nil).Expect(t, http.StatusOK).Article(t); a["status"] != "finished" {
		t.Fatalf("article status %v, want finished", a["status"])
	}
	if after := articleCredits(t, c, site); after != before-1 {
		t.Fatalf("article credits went from %v to %v, want one spent", before, after)
	}
	deliveredOnce(t, rc, "article.generated")
	deliveredOnce(t, rc, "article.finished")
}

// TestStudioSiteAfterCrashChargedOnce pins spec 3 ("Site | POST /sites |
// paid plan, charge succeeds | active | scan starts; event site.added"),
// spec 4.1 (POST /sites is named among the POSTs that spend money: the
// same key "replays" and "nothing runs twice") and the README's Faults
// (after_commit), which no other test covered for POST /sites: the
// function dies after the site's transaction commits; the retry replays
// the 201, the card is charged once, the scan whose message was lost is
// started by the sweep once, and site.added and site.scan_completed are
// delivered once each.
func TestStudioSiteAfterCrashChargedOnce(t *testing.T) {
	env, acct := testenv.StartScanned(t, "studio-crash")
	env.PaidPlan(t, acct)
	c := acct.Client
	rc := testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, c, rc.URL, "site.added", "site.scan_completed")
	env.Settle(t)
	website := env.Pages(t, "studio-crash-second", map[string]string{"/": testenv.RocketsHomePage})

	body := map[string]any{"site_url": website, "site_name": "Second shop"}
	got := crashThenRetry(t, env, c, "POST", "/sites", body, "studio-crash", http.StatusCreated).JSON(t)
	siteID := got["site"].(map[string]any)["id"].(string)
	settleSweeps(t, env)

	var charges struct{ Charges []map[string]any }
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+acct.ID, nil).Expect(t, http.StatusOK).Decode(t, &charges)
	studio := 0
	for _, ch := range charges.Charges {
		if ch["description"] == "Studio sites: prorated charge" {
			studio++
		}
	}
	if studio != 1 {
		t.Fatalf("%d Studio site charges, want 1: %v", studio, charges.Charges)
	}
	var jobs struct{ Jobs []map[string]any }
	c.Agent(t, "GET", "/jobs?kind=site.scan&site_id="+siteID, nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	if len(jobs.Jobs) != 1 || jobs.Jobs[0]["id"] != got["scan_job_id"] || jobs.Jobs[0]["status"] != "completed" {
		t.Fatalf("scan jobs of the new site = %v, want the one it answered (%v), completed", jobs.Jobs, got["scan_job_id"])
	}
	if ev := deliveredOnce(t, rc, "site.added"); ev["site_id"] != siteID {
		t.Fatalf("site.added is about another site: %v", ev)
	}
	deliveredOnce(t, rc, "site.scan_completed")
}

// articleCredits returns the site's article credit balance.
func articleCredits(t *testing.T, c *testenv.Client, site string) float64 {
	t.Helper()
	var out struct {
		Credits struct {
			Articles struct{ Balance float64 }
		}
	}
	c.Agent(t, "GET", site+"/credits", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Credits.Articles.Balance
}
