package audit28s

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestIntegrationsPageShowsASyncStoppedByARefusedToken: README ("Owner
// dashboard"): the site's integrations page offers "sync with the last
// sync's counts and the articles it could not send"; and ("Push
// integrations") a sync's result is "{integration_id, created, updated,
// unchanged, failed, skipped, errors}", a refused token stopping it with
// "the articles left count as skipped". A sync whose very first push meets
// a refused token ends as a failed job (push_failed). Before the fix that
// job carried no result, so the page skipped it: after the owner's Sync
// it went on showing the sync before as the last one ("1 new ... finished"
// earlier), and the article the failed sync could not send was listed
// nowhere; the agent's job answer did not say what was tried or skipped
// either.
func TestIntegrationsPageShowsASyncStoppedByARefusedToken(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	env.Trial(t, o.Account, testenv.TestCardOK)
	const host = "cms.dash-audit28s.example.org"
	fake := platformfake.New("Dash", "tok")
	env.ServeTLS(t, host, fake)
	env.Connect(t, o.Account, "push_platform_1", host, "tok")
	finished(t, o.Account, "Alpha article")
	finished(t, o.Account, "Beta article")
	if res := sync(t, o.Account, "push_platform_1")["result"].(map[string]any); res["created"] != 2.0 {
		t.Fatalf("first sync %v, want 2 created", res)
	}
	// Both articles are to be pushed again, and the platform now refuses
	// the token: the first push fails, the second is not tried.
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/integrations/push_platform_1", map[string]any{"default_status": "publish"}, http.StatusOK)
	fake.SetToken("rotated")
	job := sync(t, o.Account, "push_platform_1")
	if job["status"] != "failed" {
		t.Fatalf("sync with a refused token: %v, want the job failed", job)
	}
	res, _ := job["result"].(map[string]any)
	if res["integration_id"] != "push_platform_1" || res["failed"] != 1.0 || res["skipped"] != 1.0 || res["created"] != 0.0 {
		t.Errorf("failed sync's result %v, want integration push_platform_1 with 1 failed and 1 skipped", res)
	}
	page := o.Browser.Get(t, o.SitePage("/integrations")).Expect(t, http.StatusOK)
	body := page.Body
	if strings.Contains(body, "2 new") {
		t.Errorf("the integrations page still shows the sync before as the last one (2 new):\n%s", body)
	}
	if !strings.Contains(body, "1 failed") || !strings.Contains(body, "1 not tried") {
		t.Errorf("the integrations page does not show the last sync's counts (1 failed, 1 not tried):\n%s", body)
	}
	i := strings.Index(body, "could not send")
	if i < 0 || !strings.Contains(body[i:], "refused the API token") {
		t.Errorf("the integrations page does not list the article the last sync could not send and why:\n%s", body)
	}
}
