package audit29c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestClosedSitePagesOfferNoRescan: README "Sites and scans": "A scan of
// an archived site, or one past its removes_at, answers 402
// subscription_required; of a pending Studio site, 409 conflict". Defect:
// an archived Studio site's settings page offered "Scan the website again"
// (its overview page already said "Scanning waits until the site is
// restored"), and a pending Studio site's overview and settings pages
// offered it too, as if the site ran: each button could only fail. Now
// neither page offers a rescan on such a site and both say when scanning
// opens again.
func TestClosedSitePagesOfferNoRescan(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	archived := addStudioSite(t, o.Account, "audit29c-scan")
	env.ArchiveStudioSite(t, o.Account, archived)
	o.Client.Agent(t, "POST", "/sites/"+archived+"/scan", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	env.ReplaceCard(t, o.Account, "4000002500003155")
	o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29c-wait"), "Idempotency-Key: audit29c-wait").ExpectError(t, http.StatusForbidden, "human_required")
	var pending string
	for _, s := range o.StudioSites(t) {
		if s["status"] == "pending" {
			pending = s["id"].(string)
		}
	}
	if pending == "" {
		t.Fatalf("no pending Studio site while its payment waits: %v", o.StudioSites(t))
	}
	o.Client.Agent(t, "POST", "/sites/"+pending+"/scan", nil).ExpectError(t, http.StatusConflict, "conflict")

	b := env.SignedIn(t, o.Account.Email)
	for _, c := range []struct{ site, page, says string }{
		{archived, "/settings", "restored"},
		{pending, "", "payment"},
		{pending, "/settings", "payment"},
	} {
		base := "/dashboard/sites/" + c.site
		page := b.Get(t, base+c.page).Expect(t, http.StatusOK)
		if page.HasForm(base + "/scan") {
			t.Errorf("%s%s offers scanning the website again, which the API refuses on this site", base, c.page)
		}
		if !strings.Contains(page.Body, "Scanning") || !strings.Contains(page.Body, c.says) {
			t.Errorf("%s%s does not say when scanning opens again (want a sentence naming %q)", base, c.page, c.says)
		}
	}
}
