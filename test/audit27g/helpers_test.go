package audit27g

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// agency starts a quiet stack (the clock moves and scheduled work runs only
// when a test says so) with a claimed account on the paid plan and n
// Studio sites, and returns the Studio sites' ids.
func agency(t *testing.T, n int) (*testenv.Env, *testenv.Account, []string) {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	env.PaidPlan(t, acct)
	ids := make([]string, n)
	for i := range ids {
		name := fmt.Sprintf("client%02d-27g", i)
		ids[i] = acct.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + name + ".example.org/", "site_name": name}, "Idempotency-Key: add-"+name).
			Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	}
	return env, acct, ids
}

// studioSites returns the account's Studio sites by id, as GET /sites
// lists them (every page).
func studioSites(t *testing.T, acct *testenv.Account) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	cursor := ""
	for {
		var page struct {
			Sites      []map[string]any `json:"sites"`
			NextCursor *string          `json:"next_cursor"`
		}
		path := "/sites?limit=100"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, s := range page.Sites {
			if s["kind"] == "studio" {
				out[s["id"].(string)] = s
			}
		}
		if page.NextCursor == nil || *page.NextCursor == "" {
			return out
		}
		cursor = *page.NextCursor
	}
}

// billing returns GET /billing's billing.
func billing(t *testing.T, acct *testenv.Account) map[string]any {
	t.Helper()
	return acct.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// portalAction sends action (cancel, resume) on a fresh billing portal link
// of the simulated processor, as the owner would.
func portalAction(t *testing.T, env *testenv.Env, acct *testenv.Account, action string) {
	t.Helper()
	portal := acct.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/"+action, nil).Expect(t, http.StatusOK)
}

// perSite counts the account's events of type typ by site id.
func perSite(t *testing.T, acct *testenv.Account, typ string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, e := range events(t, acct, typ) {
		if e.SiteID != nil {
			out[*e.SiteID]++
		}
	}
	return out
}

// events returns the account's events of type typ, oldest first (every
// page of GET /events: since on the first call, cursor on the later ones).
func events(t *testing.T, acct *testenv.Account, typ string) []testenv.Event {
	t.Helper()
	var out []testenv.Event
	path := "/events?since=2000-01-01T00:00:00Z&limit=100&types=" + typ
	for {
		var page struct {
			Events     []testenv.Event `json:"events"`
			NextCursor string          `json:"next_cursor"`
			HasMore    bool            `json:"has_more"`
		}
		acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &page)
		out = append(out, page.Events...)
		if !page.HasMore {
			return out
		}
		path = "/events?limit=100&types=" + typ + "&cursor=" + page.NextCursor
	}
}
