package audit24f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// removedStudioSite is testenv.StartScanned(t, website) on the paid plan with
// a Studio site added at https://studio-<tag>.example.org/ (named Studio,
// Idempotency-Key tag) and its removal scheduled (DELETE): it returns the
// stack, the account, the Studio site's id and the site as the DELETE
// answered it.
func removedStudioSite(t *testing.T, website, tag string) (*testenv.Env, *testenv.Account, string, map[string]any) {
	t.Helper()
	env, acct := testenv.StartScanned(t, website)
	env.PaidPlan(t, acct)
	c := acct.Client
	var added struct {
		Site struct{ ID string } `json:"site"`
	}
	c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-" + tag + ".example.org/", "site_name": "Studio"}, "Idempotency-Key: "+tag).
		Expect(t, http.StatusCreated).Decode(t, &added)
	id := added.Site.ID
	removed := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	return env, acct, id, removed
}

// deleteScheduled deletes every scheduled article of the account's primary
// site (the ones its scan planned).
func deleteScheduled(t *testing.T, acct *testenv.Account) {
	t.Helper()
	var out struct {
		Articles []struct{ ID string } `json:"articles"`
	}
	base := "/sites/" + acct.SiteID + "/articles"
	acct.Client.Agent(t, "GET", base+"?status=scheduled", nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, a := range out.Articles {
		acct.Client.Agent(t, "DELETE", base+"/"+a.ID, nil).Expect(t, http.StatusOK)
	}
}

// eventsOf returns the data of the account's events of type typ, oldest
// first.
func eventsOf(t *testing.T, c *testenv.Client, typ string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, e := range c.Events(t, typ) {
		out = append(out, e.Data)
	}
	return out
}
