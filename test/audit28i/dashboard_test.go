package audit28i

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestPendingSitePagesOfferNoRemoval: spec 4.5 "DELETE /sites/{site_id}
// schedules a Studio site's removal at the end of the paid period" and
// README "Billing, credits and Studio sites": while an add waits for the
// cardholder the site stays `pending` and "another site change answers 409
// `conflict`"; README "Owner dashboard": the pages show what the owner
// can do ("Studio sites: ... schedule removal, keep or restore"). Defect:
// the site's page and the Billing page offered a pending Studio site
// "Schedule removal" with "The site keeps running until the end of the
// paid period" (a site that never ran nor was paid), whose button could
// only fail with 409, and the site's page reloaded itself every 10
// seconds for as long as the payment waited (up to 23 hours), as if its
// scan were running: a pending site's scan is queued with no job until
// the payment is through. Now both pages say the site waits for its
// payment, offer no removal, and the site's page does not reload.
func TestPendingSitePagesOfferNoRemoval(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	env.ReplaceCard(t, o.Account, "4000002500003155")
	o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit28i-page"), "Idempotency-Key: audit28i-page").ExpectError(t, http.StatusForbidden, "human_required")
	list := o.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v while the payment waits, want one pending", list)
	}
	remove := "/dashboard/sites/" + list[0]["id"].(string) + "/remove"
	const says = "waiting for its payment"

	site := o.Browser.Get(t, "/dashboard/sites/"+list[0]["id"].(string)).Expect(t, http.StatusOK, says)
	if site.HasForm(remove) {
		t.Errorf("the pending site's page offers %s, which can only answer 409", remove)
	}
	if strings.Contains(site.Body, `http-equiv="refresh"`) {
		t.Errorf("the pending site's page reloads itself while nothing runs")
	}
	bill := o.Browser.Get(t, "/dashboard/billing").Expect(t, http.StatusOK, says)
	if bill.HasForm(remove) {
		t.Errorf("the Billing page offers %s for the pending site, which can only answer 409", remove)
	}
}
