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
