package audit28c

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// billingOf returns a's billing object as GET /billing shows it.
func billingOf(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// creditsOf returns site's credits object as GET
// /sites/{site_id}/credits shows it.
func creditsOf(t *testing.T, a *testenv.Account, site string) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/sites/"+site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
}

// siteOf returns the site as GET /sites/{site_id} shows it.
func siteOf(t *testing.T, a *testenv.Account, site string) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/sites/"+site, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
}

// balance returns the balance of kind in credits object c.
func balance(c map[string]any, kind string) float64 {
	b, _ := c[kind].(map[string]any)
	n, _ := b["balance"].(float64)
	return n
}
