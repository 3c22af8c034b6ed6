package audit25b

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestSyncsAtOnceRecordEachPushOnce: README, push integrations: "POST
// .../sync answers 202 with an integration.sync job that pushes finished
// articles the connection has not pushed or whose content changed; result
// {integration_id, created, updated, unchanged, failed, skipped, errors};
// each push records article.published (result created or updated)".
// Defect: syncs started at once (an agent retrying with a new key, the
// owner's button and the agent) each pushed every article and each recorded
// article.published {result: created} for it, so five articles made up to
// thirty "created" events and job results that added up to far more posts
// than the platform holds (its Idempotency-Key kept it at five). Each post
// is now recorded once: a sync that finds the same content already
// recorded by another counts it as unchanged and records nothing; and
// every sync job completes.
func TestSyncsAtOnceRecordEachPushOnce(t *testing.T) {
	env := testenv.StartQuiet(t)
	host := "syncrace.example.com"
	a := env.NewAccount(t, "https://"+host)
	env.Trial(t, a, testenv.TestCardOK)
	fake := platformfake.New("Race Blog", "race-token")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	path := "/sites/" + a.SiteID + "/integrations/push_platform_1"
	link := a.Client.Agent(t, "POST", path+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms." + host, "api_token": "race-token"}).Expect(t, http.StatusOK)
	const articles = 5
	for i := range articles {
		art := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": fmt.Sprintf("Kettle care %d", i), "body_markdown": "# Kettle care\n\nDescale monthly."}).
			Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+art["id"].(string)+"/finish", nil).Expect(t, http.StatusOK)
	}
	for round := range 2 {
		if round == 1 { // every article changed: each is updated once
			for _, art := range a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/articles?limit=100", nil).Expect(t, http.StatusOK).JSON(t)["articles"].([]any) {
				id := art.(map[string]any)["id"].(string)
				a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID+"/articles/"+id, map[string]any{"description": "Changed"}).Expect(t, http.StatusOK)
			}
		}
		rs := testenv.AtOnce(6, func(i int) *testenv.Response {
			return a.Client.Agent(t, "POST", path+"/sync", nil, fmt.Sprintf("Idempotency-Key: sync-%d-%d", round, i))
		})
		statuses(t, "syncs at once", rs)
		pushes := 0
		for i, r := range rs {
			r.Expect(t, http.StatusAccepted)
			job := a.Client.WaitJob(t, r.JSON(t)["job"].(map[string]any)["id"].(string))
			if job["status"] != "completed" {
				t.Errorf("round %d: sync %d ended %v: %v", round, i, job["status"], job["error"])
				continue
			}
			res := job["result"].(map[string]any)
			pushes += int(res["created"].(float64) + res["updated"].(float64))
		}
		if pushes != articles {
			t.Errorf("round %d: the syncs' results count %d pushes of %d articles, want %d", round, pushes, articles, articles)
		}
		result := []string{"created", "updated"}[round]
		n := 0
		for _, e := range a.Client.Events(t, "article.published") {
			if e.Data["result"] == result {
				n++
			}
		}
		if n != articles {
			t.Errorf("round %d: %d article.published {result: %s} for %d articles, want %d", round, n, result, articles, articles)
		}
	}
	if n := len(fake.Posts()); n != articles {
		t.Errorf("%d posts on the platform, want %d", n, articles)
	}
}
