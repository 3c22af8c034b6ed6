package audit28e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestResearchPageOfAnotherSite: README, owner dashboard: "per site
// (/dashboard/sites/{site_id} is its dashboard_url): ... keywords and
// research with its ideas to review (the run's topic, tracked keywords
// with the figures on the list, added ideas linked to their articles)".
// Defect: a site's research page showed any research run of the account,
// whatever site it researched: the primary site's run opened under a
// Studio site's address read "Saved 3 ideas to the site" with the other
// site's topic, marked its keywords and ideas against the wrong site's
// list, and its Track and Add buttons added them to the wrong site. A run
// of another site now answers the same 404 page as an unknown run.
func TestResearchPageOfAnotherSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	studio := o.API(t, "POST", "/sites", testenv.StudioSiteBody(testenv.Word("second")), http.StatusCreated)["site"].(map[string]any)["id"].(string)
	job := o.API(t, "POST", "/sites/"+o.SiteID+"/research", map[string]any{"seed": "launch pads", "ideas": 2, "save": true}, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
	if j := o.Client.WaitJob(t, job); j["status"] != "completed" {
		t.Fatalf("research job %v", j)
	}
	o.Browser.Get(t, o.SitePage("/research/"+job)).Expect(t, http.StatusOK, "launch pads")
	page := o.Browser.Get(t, "/dashboard/sites/"+studio+"/research/"+job)
	if page.Status != http.StatusNotFound {
		t.Fatalf("the primary site's research run under the Studio site's address answered %d, want 404:\n%s", page.Status, page.Body)
	}
}
