package audit22k

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestPageSizeDefaultsToFifty: spec 8's "Page size | 1 to 100, default
// 50" (and 2's "list endpoints take limit (1 to 100, default 50)"): with
// 51 keywords and more activity entries than that, a list read without
// limit holds 50 and a next_cursor, limit=100 holds everything, and
// limit=1 holds one. Other packages check only the bounds 0 and 101.
func TestPageSizeDefaultsToFifty(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	base := "/sites/" + acct.SiteID + "/keywords"
	have := len(acct.Client.Agent(t, "GET", base+"?limit=100", nil).Expect(t, http.StatusOK).JSON(t)["keywords"].([]any))
	for i := have; i < 51; i++ {
		acct.Client.Agent(t, "POST", base, map[string]any{"name": fmt.Sprintf("paging keyword %d", i)}).Expect(t, http.StatusCreated)
	}
	for _, c := range []struct{ path, list string }{{base, "keywords"}, {"/activity", "activity"}} {
		page := acct.Client.Agent(t, "GET", c.path, nil).Expect(t, http.StatusOK).JSON(t)
		items, _ := page[c.list].([]any)
		if len(items) != 50 || page["next_cursor"] == nil {
			t.Errorf("GET %s without limit: %d %s, next_cursor %v; want 50 and a cursor", c.path, len(items), c.list, page["next_cursor"])
		}
		all := acct.Client.Agent(t, "GET", c.path+"?limit=100", nil).Expect(t, http.StatusOK).JSON(t)
		if n := len(all[c.list].([]any)); n <= 50 {
			t.Errorf("GET %s?limit=100: %d %s, want over 50", c.path, n, c.list)
		}
		one := acct.Client.Agent(t, "GET", c.path+"?limit=1", nil).Expect(t, http.StatusOK).JSON(t)
		if n := len(one[c.list].([]any)); n != 1 {
			t.Errorf("GET %s?limit=1: %d %s, want 1", c.path, n, c.list)
		}
	}
}
