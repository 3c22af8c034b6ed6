package audit29g

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestArchivedSitePageShowsNoCredits: README "Owner dashboard": "an
// archived site's card shows no credits"; README "Billing, credits and
// Studio sites": a Studio site's credits are granted "when a Studio site
// is added or restored". Defect: while the overview's card of an archived
// Studio site read "no credits while the site is archived: restoring it
// on its page grants a new allowance", the site's own page listed
// "Articles 15 of 15 left" and the other balances of the period its
// removal ended, as if they could still be spent. Now its page says the
// same as its card and lists no balances.
func TestArchivedSitePageShowsNoCredits(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	out := o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29g-cred"), "Idempotency-Key: audit29g-cred").Expect(t, http.StatusCreated).JSON(t)
	id := out["site"].(map[string]any)["id"].(string)
	o.Client.WaitJob(t, out["scan_job_id"].(string))
	env.ArchiveStudioSite(t, o.Account, id)

	page := env.SignedIn(t, o.Account.Email).Get(t, "/dashboard/sites/"+id).Expect(t, http.StatusOK)
	if strings.Contains(page.Body, "Balances this period") || !strings.Contains(page.Body, "no credits while the site is archived") {
		t.Errorf("the archived site's page lists credit balances, or does not say it has none while archived:\n%s", page.Body)
	}
}
