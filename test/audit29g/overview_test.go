package audit29g

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestEndedPlanOverviewAsksNothingItCannotDo: README "Owner dashboard":
// the overview lists "what needs attention: ..., forum drafts waiting, an
// unverified backlink domain, ... each with the page that fixes it", and
// "an archived Studio site adds nothing to the overview's attention list
// (what it would need waits until it is restored)"; README "Backlink
// exchange": changes "answer 402 `paid_plan_required` without the paid
// plan", as every forum change does. Defect: once the account's plan
// ended, the overview still asked the owner to "Verify the domain" and to
// "Open the posting desk" for drafts waiting, neither of which the site's
// pages can do without the paid plan (each answers 402). Now, like an
// archived site's, those items wait until the plan is paid again.
func TestEndedPlanOverviewAsksNothingItCannotDo(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	f := env.NewForum(t, o.Account)
	thread := f.ThreadOf(t, f.ForumID)["id"].(string)
	o.Client.Agent(t, "POST", f.Base+"/threads/"+thread+"/drafts", nil).Expect(t, http.StatusOK)
	site := o.Client.Agent(t, "GET", "/sites/"+o.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	u, err := url.Parse(site["website_url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/backlinks/domain", map[string]any{"domain": u.Hostname()}).Expect(t, http.StatusOK)
	before := o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK)
	if !strings.Contains(before.Body, "Verify the domain") || !strings.Contains(before.Body, "Open the posting desk") {
		t.Fatalf("on the paid plan the overview does not ask to verify the domain and post the draft:\n%s", before.Body)
	}

	endPlan(t, env, o.Account)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/backlinks/domain/verify", nil).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	page := env.SignedIn(t, o.Account.Email).Get(t, "/dashboard").Expect(t, http.StatusOK)
	for _, ask := range []string{"Verify the domain", "Open the posting desk"} {
		if strings.Contains(page.Body, ask) {
			t.Errorf("once the plan ended the overview still asks %q, which needs the paid plan", ask)
		}
	}
}
