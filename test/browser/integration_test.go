package browser_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestIntegrationErrorJourney: a push the platform refuses shows on the
// overview as something that needs the owner, in the owner's words, and
// the integrations page it links to shows the error, and what the last
// sync could not send, linked to the article.
func TestIntegrationErrorJourney(t *testing.T) {
	env := testenv.Shared(t)
	a, b := newOwnerIn(t, env, "")
	env.Trial(t, a, testenv.TestCardOK)
	site := "/sites/" + a.SiteID
	a.Client.Agent(t, "PATCH", site, map[string]any{"brand_name": "Acme Blog"}).Expect(t, http.StatusOK)

	fake := platformfake.New("Acme Blog", "pf-token-browser")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms.acme-browser.example", srv.Listener.Addr().String())
	link := a.Client.Agent(t, "POST", site+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms.acme-browser.example", "api_token": "pf-token-browser"}).Expect(t, http.StatusOK)
	art := a.Client.Agent(t, "POST", site+"/articles", map[string]any{
		"title": "Pushed by hand", "description": "About pushing", "tags": []string{"guide"}, "body_markdown": "# Pushed by hand\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := art["id"].(string)
	a.Client.Agent(t, "POST", site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	fake.FailWrites(http.StatusInternalServerError)
	a.Client.Agent(t, "POST", site+"/articles/"+id+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK)
	sync := a.Client.Agent(t, "POST", site+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	a.Client.WaitJob(t, sync["id"].(string))

	b.open("/dashboard")
	b.expect("Needs your attention", "Push platform 1 of Acme Blog reported an error", "The Push platform 1 site answered HTTP 500", "Check the integration")
	b.expect(`Push of "Pushed by hand" to Push platform 1 failed`) // the activity log in the same words
	b.shoot("overview-integration-error")
	b.click(`a[href="` + sitePage(a, "/integrations") + `"]`)
	b.expect("Last error", "The Push platform 1 site answered HTTP 500")
	// The last sync's counts, with the article it could not send.
	b.expect("Last push of missing or changed articles", "0 new, 0 updated, 0 already up to date, 1 failed", "Articles that push could not send")
	b.shoot("integration-error")
	b.click(`a[href="` + sitePage(a, "/articles/"+id) + `"]`)
	b.expect("Pushed by hand")
}
