package audit29c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestPendingSitePagesSayWhatWaits: spec 3: a Studio site is "`active`
// (`pending` while payment is in flight)"; README "Billing, credits and
// Studio sites": a Studio site's credits are granted "when a Studio site
// is added or restored", and a pending site "becomes active with its
// scan, credits and `site.added`" once the payment is made; README "Owner
// dashboard": "A page that reloads itself while work runs (a scan, ...)
// says so". Defect: on a paid account, a pending Studio site's overview
// read "Credits start with the trial or plan. Start one", sending the
// owner to start a plan the account already has, and both its overview
// and its settings page read "queued (this page refreshes until it
// ends)" beside a scan that waits for the payment, on pages that do not
// reload (the settings page never reloads, for any scan). Now the
// overview says the credits come once the payment is through, and a page
// says it refreshes only when it does.
func TestPendingSitePagesSayWhatWaits(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	env.ReplaceCard(t, o.Account, "4000002500003155")
	o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29c-pend"), "Idempotency-Key: audit29c-pend").ExpectError(t, http.StatusForbidden, "human_required")
	list := o.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v while the payment waits, want one pending", list)
	}
	base := "/dashboard/sites/" + list[0]["id"].(string)

	site := o.Browser.Get(t, base).Expect(t, http.StatusOK)
	if strings.Contains(site.Body, "Credits start with the trial or plan") || !strings.Contains(site.Body, "once the payment is through") {
		t.Errorf("the pending site's overview does not say its credits come once its payment is through:\n%s", site.Body)
	}
	for _, p := range []*testenv.Page{site, o.Browser.Get(t, base+"/settings").Expect(t, http.StatusOK)} {
		if strings.Contains(p.Body, "this page refreshes") && !strings.Contains(p.Body, `http-equiv="refresh"`) {
			t.Errorf("a page of the pending site says it refreshes, and does not:\n%s", p.Body)
		}
	}
}
