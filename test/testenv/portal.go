package testenv

import (
	"net/http"
	"strings"
	"testing"
)

// CancelAtPeriodEnd schedules the end of a's subscription at its period's
// end on the simulated processor's billing portal, as the owner would:
// the portal link from POST /billing/portal, then its cancel action.
func (e *Env) CancelAtPeriodEnd(t testing.TB, a *Account) {
	t.Helper()
	portal := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	e.Client().Do(t, "POST", strings.TrimPrefix(portal, e.URL)+"/cancel", nil).Expect(t, http.StatusOK)
}

// ReplaceCard replaces the card on file of a's subscription with card on
// the simulated processor's billing portal, as the owner would.
func (e *Env) ReplaceCard(t testing.TB, a *Account, card string) {
	t.Helper()
	portal := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	e.Client().Do(t, "POST", strings.TrimPrefix(portal, e.URL)+"/card", map[string]any{"card": card}).Expect(t, http.StatusOK)
}

// PaymentWaiting checks that actionURL, the action_url of a
// human_required answer with the simulated processor, is a page of the
// stack offering to authenticate the waiting payment (its form posts to
// <action_url>/authenticate, the owner's button), and returns its path.
func (e *Env) PaymentWaiting(t testing.TB, actionURL string) string {
	t.Helper()
	if !strings.HasPrefix(actionURL, e.URL+"/") {
		t.Fatalf("action_url %q is not on the stack %s", actionURL, e.URL)
	}
	path := strings.TrimPrefix(actionURL, e.URL)
	page := e.Client().Do(t, "GET", path, nil, "Accept: text/html").Expect(t, http.StatusOK)
	if !strings.Contains(string(page.Body), `action="`+path+`/authenticate"`) {
		t.Fatalf("the action_url page offers no way to authenticate the payment: %s", page.Body)
	}
	return path
}
