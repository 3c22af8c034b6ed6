package audit24e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// README, "Owner dashboard": a message that tells an agent which endpoint
// to call names the page or button instead. The score page showed each
// check's detail as the API wrote it ("Set one with PATCH
// .../articles/{article_id} (keyword).", "set brand_name with PATCH
// /sites/{site_id}.").
func TestScoreChecksNameTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Cast iron care", "body_markdown": "# Cast iron care\n\nOil it thinly.\n"})
	p := o.Browser.Get(t, o.SitePage("/articles/"+art+"/score")).Expect(t, http.StatusOK, "keyword")
	noAPIWords(t, "the score page", p)
}

// The same rule for a refusal of a form sent from a page that went stale:
// the owner opens an idea (its page offers "Write it now"), an agent gives
// it a body meanwhile, and the owner presses the button. The 409's page
// said "Finish it with POST .../finish, or clear body_markdown with PATCH
// to have the service write it."
func TestStaleWriteRefusalNamesTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Seasoning a skillet"})
	href := o.SitePage("/articles/" + art)
	form := o.Browser.Get(t, href).Expect(t, http.StatusOK).Form(t, href+"/generate")
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/articles/"+art, map[string]any{"body_markdown": "# Seasoning\n\nThin coats.\n"}, http.StatusOK)
	p := o.Browser.Post(t, href+"/generate", form).Expect(t, http.StatusConflict, "already has a body")
	noAPIWords(t, "the refusal of writing an article that has a body", p)

	// And its twin: "Mark finished" on a page opened while the article
	// had a body, which an agent then cleared.
	form = o.Browser.Get(t, href).Expect(t, http.StatusOK).Form(t, href+"/finish")
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/articles/"+art, map[string]any{"body_markdown": ""}, http.StatusOK)
	p = o.Browser.Post(t, href+"/finish", form).Expect(t, http.StatusConflict, "no body")
	noAPIWords(t, "the refusal of finishing an article without a body", p)
}

// The same rule for the Integrations page: its "Push missing or changed
// articles" button, pressed after an agent disconnected the platform
// meanwhile, answered "Connect it first with POST
// .../integrations/push_platform_1/connect."
func TestStaleSyncRefusalNamesTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	fake := platformfake.New("Acme", "pf-token-24e")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms.acme24e.example", srv.Listener.Addr().String())
	s := "/sites/" + o.SiteID
	link := o.API(t, "POST", s+"/integrations/push_platform_1/connect", nil, http.StatusOK)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms.acme24e.example", "api_token": "pf-token-24e"}).Expect(t, http.StatusOK)

	sync := o.SitePage("/integrations/push_platform_1/sync")
	form := o.Browser.Get(t, o.SitePage("/integrations")).Expect(t, http.StatusOK).Form(t, sync)
	o.API(t, "DELETE", s+"/integrations/push_platform_1", nil, http.StatusOK)
	p := o.Browser.Post(t, sync, form).Expect(t, http.StatusConflict, "not connected")
	noAPIWords(t, "the refusal of pushing to a platform disconnected meanwhile", p)
	if strings.Contains(visibleText(p.Body), "/connect") {
		t.Errorf("the refusal names the connect endpoint:\n%s", visibleText(p.Body))
	}
}
