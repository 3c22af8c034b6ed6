package audit29c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestArchivedSiteArticlePageOffersNoWriting: README "Sites and scans":
// "An archived site keeps its content workable (keywords, research,
// articles and their edits, as without a plan); what needs the plan on it
// (writing, site keys, integrations, backlinks, forum) answers 402 until
// it is restored"; spec 4.2: generate needs "trial or plan" and spec 7's
// 402 subscription_required covers "the site is not active on the plan".
// Defect: an archived Studio site's article page offered "Write it now (1
// article credit)", whose button could only fail with 402. Now it says
// writing waits until the site is restored and offers no writing, while
// editing the article still works.
func TestArchivedSiteArticlePageOffersNoWriting(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	id := addStudioSite(t, o.Account, "audit29c-art")
	env.ArchiveStudioSite(t, o.Account, id)

	art := o.Client.Agent(t, "POST", "/sites/"+id+"/articles", map[string]any{"title": "Kettle care", "keyword": "kettle care", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)["id"].(string)
	o.Client.Agent(t, "POST", "/sites/"+id+"/articles/"+art+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	href := "/dashboard/sites/" + id + "/articles/" + art
	page := env.SignedIn(t, o.Account.Email).Get(t, href).Expect(t, http.StatusOK)
	if page.HasForm(href + "/generate") {
		t.Errorf("the archived site's article page offers writing the article (%s/generate), which can only answer 402", href)
	}
	if !strings.Contains(page.Body, "archived") {
		t.Errorf("the archived site's article page does not say why it cannot be written:\n%s", page.Body)
	}
	if !strings.Contains(page.Body, `href="`+href+`/edit"`) {
		t.Errorf("the archived site's article page no longer offers editing, which works on an archived site")
	}
}
