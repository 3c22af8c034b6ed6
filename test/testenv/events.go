package testenv

import (
	"net/http"
	"strings"
	"testing"
)

// Event is an event as GET /events shows it.
type Event struct {
	ID        string         `json:"id"`
	Type      string         `json:"type"`
	CreatedAt string         `json:"created_at"`
	SiteID    *string        `json:"site_id"`
	Data      map[string]any `json:"data"`
}

// Events returns the first 100 of the caller's events of the given types,
// oldest first.
func (c *Client) Events(t testing.TB, types ...string) []Event {
	t.Helper()
	return c.EventsSince(t, "2000-01-01T00:00:00Z", types...)
}

// EventsSince returns the first 100 of the caller's events of the given
// types at or after since (a timestamp GET /events takes), oldest first.
func (c *Client) EventsSince(t testing.TB, since string, types ...string) []Event {
	t.Helper()
	var out struct {
		Events []Event `json:"events"`
	}
	c.Agent(t, "GET", "/events?since="+since+"&limit=100&types="+strings.Join(types, ","), nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Events
}
