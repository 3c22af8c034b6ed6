package audit29q

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestArchivedSiteForumPageShowsNoCredits: README "Owner dashboard": "An
// archived site's page, like its card, shows no credits"; README "Billing,
// credits and Studio sites": a Studio site's credits are granted "when a
// Studio site is added or restored". Defect: the forum page of an
// archived Studio site read "Reply credits: 15 left; this period ended
// ...", the balance of the period its removal ended, as if it could be
// spent. Now it says, as the site's page does, that the site has no
// credits while it is archived and restoring it grants a new allowance.
func TestArchivedSiteForumPageShowsNoCredits(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	f := env.NewForum(t, o.Account)
	api, _ := f.OnStudioSite(t)
	site := strings.Split(api, "/")[2]
	env.ArchiveStudioSite(t, o.Account, site)

	page := env.SignedIn(t, o.Account.Email).Get(t, "/dashboard/sites/"+site+"/forum").Expect(t, http.StatusOK)
	if strings.Contains(page.Body, " left; this period") || !strings.Contains(page.Body, "no credits while the site is archived") {
		t.Errorf("the archived site's forum page lists a reply credit balance, or does not say it has none while archived:\n%s", page.Body)
	}
}
