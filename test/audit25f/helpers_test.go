package audit25f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// homePage is a website's home page the offline model can plan from.
const homePage = `<!doctype html><html lang="en"><head><title>Acme Rockets - Model rockets for schools</title>` +
	`<meta name="description" content="Acme Rockets sells model rocket kits for school science classes."></head>` +
	`<body><h1>Acme Rockets</h1><p>Model rocket kits and launch pads for school science classes.</p></body></html>`

// entry is an activity entry as GET /activity lists it.
type entry struct {
	ID       string            `json:"id"`
	Action   string            `json:"action"`
	SiteID   string            `json:"site_id"`
	Actor    map[string]string `json:"actor"`
	Resource map[string]string `json:"resource"`
	Summary  string            `json:"summary"`
	IP       string            `json:"ip"`
}

// entriesOf returns the newest 100 activity entries of c's account with
// action, newest first.
func entriesOf(t *testing.T, c *testenv.Client, action string) []entry {
	t.Helper()
	var out struct {
		Activity []entry `json:"activity"`
	}
	c.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	var found []entry
	for _, e := range out.Activity {
		if e.Action == action {
			found = append(found, e)
		}
	}
	return found
}
