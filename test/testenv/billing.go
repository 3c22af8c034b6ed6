package testenv

import (
	"net/http"
	"strings"
	"testing"
)

// TestCardOK is the simulated processor's card whose charges all succeed.
const TestCardOK = "4242424242424242"

// Trial completes the account's checkout with card on the simulated
// processor's hosted page, as the owner would: a trial for a new account,
// the plan charged today after an earlier subscription ended.
func (e *Env) Trial(t testing.TB, a *Account, card string) {
	t.Helper()
	co := a.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	link := co["checkout_url"].(string)
	if !strings.HasPrefix(link, e.URL+"/") {
		t.Fatalf("checkout_url %q is not on the stack %s", link, e.URL)
	}
	e.Client().Do(t, "POST", strings.TrimPrefix(link, e.URL), map[string]any{"card": card}).Expect(t, http.StatusOK)
}

// PaidPlan starts a trial with a card that always works and ends it at
// once, so the account is on the paid plan.
func (e *Env) PaidPlan(t testing.TB, a *Account) {
	t.Helper()
	e.Trial(t, a, TestCardOK)
	a.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: paid-plan-"+a.ID).Expect(t, http.StatusOK)
}

// StudioSiteBody is the body of POST /sites for a Studio site called name.
func StudioSiteBody(name string) map[string]any {
	return map[string]any{"site_url": "https://" + name + ".example.com", "site_name": name, "site_description": "A second brand"}
}

// StudioSites returns a's Studio sites as GET /sites lists them.
func (a *Account) StudioSites(t testing.TB) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, s := range a.Client.Agent(t, "GET", "/sites", nil).Expect(t, http.StatusOK).JSON(t)["sites"].([]any) {
		if m := s.(map[string]any); m["kind"] == "studio" {
			out = append(out, m)
		}
	}
	return out
}

// ArchiveStudioSite schedules the removal of a's Studio site id and runs
// the scheduler past its removes_at, failing t unless the site is then
// archived.
func (e *Env) ArchiveStudioSite(t testing.TB, a *Account, id string) {
	t.Helper()
	site := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	e.AdvancePast(t, site["removes_at"].(string), 0)
	e.Advance(t, 60)
	e.RunScheduled(t)
	if st := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["status"]; st != "archived" {
		t.Fatalf("Studio site status %v after its removal time, want archived", st)
	}
}
