package audit27e

import (
	"net/http"
	"testing"

	"rvcontent/shared/kernel/ids"
	"rvcontent/test/testenv"
)

// TestListsFilteredByASiteNotOnTheAccountAnswerNotFound: spec 4.1, "A
// resource of another account returns 404 not_found, never 403"; spec 7,
// "404 | not_found | no such resource on this account (also used for
// other accounts' resources)"; spec 4.10, "GET /events query: ...
// site_id"; spec 4.4, "GET /activity query: actor_id, site_id"; the
// README's "GET /jobs ... filters by site_id". A site_id filter names a
// site: one that is not on the account is answered as every endpoint
// answers such a site, so an agent with a mistyped or foreign id learns
// it at once instead of polling an empty feed forever. Defect: GET
// /events, GET /jobs and GET /activity with the site_id of another
// account's site, or of no site at all, answered 200 with an empty list
// (and /events a cursor to poll on). Now all three answer 404 not_found;
// the account's own site still filters.
func TestListsFilteredByASiteNotOnTheAccountAnswerNotFound(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	other := env.NewAccount(t, "")
	for _, path := range []string{"/events", "/jobs", "/activity"} {
		for name, site := range map[string]string{"another account's site": other.SiteID, "an unknown site": ids.New(), "a malformed id": "not-a-site"} {
			if r := a.Client.Agent(t, "GET", path+"?site_id="+site, nil); r.Status != http.StatusNotFound || r.ErrorCode(t) != "not_found" {
				t.Errorf("GET %s filtered by %s answered %d, want 404 not_found: %s", path, name, r.Status, r.Body)
			}
		}
		a.Client.Agent(t, "GET", path+"?site_id="+a.SiteID, nil).Expect(t, http.StatusOK)
		a.Client.Agent(t, "GET", path+"?site_id=", nil).Expect(t, http.StatusOK)
	}
}
