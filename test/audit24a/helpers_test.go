package audit24a

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// entry is an activity entry as GET /activity answers it.
type entry struct {
	ID        string `json:"id"`
	CreatedAt string `json:"created_at"`
	Actor     struct {
		Type, ID, Name string
	} `json:"actor"`
	Action   string `json:"action"`
	SiteID   string `json:"site_id"`
	Resource struct {
		Type, ID string
	} `json:"resource"`
	Summary string `json:"summary"`
	IP      string `json:"ip"`
}

// activity returns every entry of c's account that GET /activity lists
// with query (without limit and cursor; "" for none), newest first,
// walking every page.
func activity(t *testing.T, c *testenv.Client, query string) []entry {
	t.Helper()
	var all []entry
	cursor := ""
	for pages := 0; pages < 50; pages++ {
		path := "/activity?limit=100"
		if query != "" {
			path += "&" + query
		}
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		var page struct {
			Activity []entry `json:"activity"`
			Next     *string `json:"next_cursor"`
		}
		c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &page)
		all = append(all, page.Activity...)
		if page.Next == nil {
			return all
		}
		cursor = *page.Next
	}
	t.Fatal("GET /activity did not end within 50 pages")
	return nil
}

// withAction returns the entries of entries whose action is action.
func withAction(entries []entry, action string) []entry {
	var out []entry
	for _, e := range entries {
		if e.Action == action {
			out = append(out, e)
		}
	}
	return out
}
