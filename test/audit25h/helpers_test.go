package audit25h

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// addKeywords adds n keywords to a's primary site at once, "phrase number
// 000" to "phrase number <n-1>" with search volumes 1000 + i.
func addKeywords(t *testing.T, a *testenv.Account, n int) {
	t.Helper()
	testenv.AtOnce(n, func(i int) any {
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{
			"name": fmt.Sprintf("phrase number %03d", i), "search_volume": 1000 + i,
		}).Expect(t, http.StatusCreated)
		return nil
	})
}

// signedIn claims a and returns a browser its owner signed in to the
// dashboard with.
func signedIn(t *testing.T, env *testenv.Env, a *testenv.Account) *testenv.Browser {
	t.Helper()
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return b
}

// runResearch starts a research run on a's primary site with body, fails
// unless it completes, and returns its job id.
func runResearch(t *testing.T, a *testenv.Account, body map[string]any) string {
	t.Helper()
	job := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", body).
		Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	if j := a.Client.WaitJob(t, job); j["status"] != "completed" {
		t.Fatalf("research job %v", j)
	}
	return job
}

// refusedScan serves redirect (robots.txt aside, which is 404) as a
// website named after name on the shared stack, creates an account for it
// and fails unless its first scan fails with site_address_refused; it
// returns the scan job and the scan's error.
func refusedScan(t *testing.T, name string, redirect http.HandlerFunc) (job, scanErr map[string]any) {
	t.Helper()
	env := testenv.Shared(t)
	host, _ := env.Website(t, name, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		redirect(w, r)
	})
	a := env.NewAccount(t, "http://"+host+"/")
	j := a.Client.WaitJob(t, a.ScanJob)
	if j["status"] != "failed" {
		t.Fatalf("scan job %v", j)
	}
	sc := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	e, _ := sc["error"].(map[string]any)
	if e == nil || e["code"] != "site_address_refused" {
		t.Fatalf("scan error %v, want code site_address_refused", sc["error"])
	}
	return j, e
}
