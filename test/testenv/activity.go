package testenv

import (
	"net/http"
	"testing"
)

// ActivityEntry is an activity entry as GET /activity lists it.
type ActivityEntry struct {
	ID       string            `json:"id"`
	Action   string            `json:"action"`
	SiteID   string            `json:"site_id"`
	Actor    map[string]string `json:"actor"`
	Resource map[string]string `json:"resource"`
	Summary  string            `json:"summary"`
	IP       string            `json:"ip"`
}

// Activity returns the newest 100 activity entries of c's account (GET
// /activity?limit=100), newest first.
func (c *Client) Activity(t testing.TB) []ActivityEntry {
	t.Helper()
	var out struct {
		Activity []ActivityEntry `json:"activity"`
	}
	c.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Activity
}
