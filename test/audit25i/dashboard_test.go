package audit25i

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestArchivedStudioSiteBacklinksPageSaysWhy: the backlinks page of an
// archived Studio site on the paid plan says the site needs restoring,
// not that the account needs the paid plan. README ("Backlink
// exchange"): changes "answer 402 paid_plan_required without the paid
// plan, and 402 subscription_required on a site that is not usable on it
// (a pending, archived or removed Studio site)"; ("Sites and scans"): an
// archived site's backlinks answer 402 "until it is restored"; the
// dashboard is "the person's twin of the agent API". Before the fix the
// page told an owner who pays for the plan "Changes need the paid plan",
// sending them to buy what they have.
func TestArchivedStudioSiteBacklinksPageSaysWhy(t *testing.T) {
	e := testenv.StartQuiet(t)
	a := e.NewAccount(t, "https://"+unique("primary"))
	e.PaidPlan(t, a)
	site := a.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + unique("studio"), "site_name": "Studio"}, "Idempotency-Key: studio-"+a.ID).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := site["id"].(string)
	page := "/dashboard/sites/" + id + "/backlinks"
	e.Claim(t, a)
	b := e.NewBrowser(t)
	e.SignIn(t, b, a.Email, page)
	if body := b.Get(t, page).Expect(t, http.StatusOK).Body; strings.Contains(body, "Changes need the paid plan") {
		t.Fatalf("an active Studio site on the paid plan is told it needs the plan:\n%s", body)
	}

	removed := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	e.AdvancePast(t, removed["removes_at"].(string), time.Minute)
	e.RunScheduled(t)
	a.Client.Agent(t, "PATCH", "/sites/"+id+"/backlinks", map[string]any{"niche": "coffee"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	e.SignIn(t, b, a.Email, page)
	body := b.Get(t, page).Expect(t, http.StatusOK, "archived", "restored").Body
	if strings.Contains(body, "Changes need the paid plan") {
		t.Fatalf("the archived Studio site's page says the account needs the plan:\n%s", body)
	}
}
