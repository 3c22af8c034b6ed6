package audit25b

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// statuses counts the answers by status, failing t on a 5xx.
func statuses(t *testing.T, what string, rs []*testenv.Response) map[int]int {
	t.Helper()
	got := map[int]int{}
	for i, r := range rs {
		if r.Status >= 500 {
			t.Errorf("%s: request %d answered %d: %s", what, i, r.Status, r.Body)
		}
		got[r.Status]++
	}
	return got
}

// backlinks returns the site's exchange overview (GET .../backlinks).
func backlinks(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/backlinks", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
}
