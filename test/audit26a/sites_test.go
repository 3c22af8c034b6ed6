package audit26a

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestEverySiteOnTheOverviewBillingAndActivity: README, Owner dashboard:
// "An overview (per site: name, status, plan or trial with days left,
// credits, latest activity ...)", "billing (... Studio sites: ... add,
// schedule removal, keep or restore)" and "the activity log of the
// account ... (actor ..., action and resource ...)"; spec 4.5: "GET
// /sites returns { sites[], next_cursor }". Defect: the overview, the
// Billing page and the account's activity log read only the first 100
// sites (limit=100, next_cursor ignored), so an account with more Studio
// sites had no card for the others on the overview, could not schedule
// their removal from Billing (whose monthly note also counted without
// them), and saw their activity without the site's name and link. They
// now read every page of the account's sites.
func TestEverySiteOnTheOverviewBillingAndActivity(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	var last, lastID string
	var scans []string
	for i := range 100 {
		last = fmt.Sprintf("Studio number %d", i)
		added := o.API(t, "POST", "/sites", map[string]any{"site_url": "https://acme.com/shop" + fmt.Sprint(i), "site_name": last}, http.StatusCreated)
		lastID = added["site"].(map[string]any)["id"].(string)
		scans = append(scans, added["scan_job_id"].(string))
	}
	// Once every site's scan has ended (each records an entry), a change
	// of the last site is the log's newest entry.
	for _, id := range scans {
		o.Client.WaitJob(t, id)
	}
	last = "Studio number 99, renamed"
	o.API(t, "PATCH", "/sites/"+lastID, map[string]any{"brand_name": last}, http.StatusOK)
	// Each page names the site: its card, its row of Studio sites, its
	// activity's site column.
	for _, path := range []string{"/dashboard", "/dashboard/billing", "/dashboard/activity"} {
		page := o.Browser.Get(t, path).Expect(t, http.StatusOK)
		if !strings.Contains(page.Body, last) {
			t.Errorf("%s does not name the account's 101st site, %q", path, last)
		}
	}
}
