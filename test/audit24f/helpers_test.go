package audit24f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// homePage is a website's home page the offline model can plan from.
const homePage = `<!doctype html><html lang="en"><head><title>Acme Rockets - Model rockets for schools</title>` +
	`<meta name="description" content="Acme Rockets sells model rocket kits for school science classes."></head>` +
	`<body><h1>Acme Rockets</h1><p>Model rocket kits and launch pads for school science classes.</p></body></html>`

// newScannedAccount starts a quiet dev stack of t's own, serves homePage as
// a website named after name, creates an account for it and waits for its
// first scan.
func newScannedAccount(t *testing.T, name string) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	url := env.Pages(t, name, map[string]string{"/": homePage})
	acct := env.NewAccount(t, url)
	acct.Client.WaitJob(t, acct.ScanJob)
	return env, acct
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
