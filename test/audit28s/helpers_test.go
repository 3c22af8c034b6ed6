package audit28s

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// finished creates a finished article called title and returns its id.
func finished(t *testing.T, acct *testenv.Account, title string) string {
	t.Helper()
	base := "/sites/" + acct.SiteID
	a := acct.Client.Agent(t, "POST", base+"/articles", map[string]any{"title": title, "body_markdown": "# " + title + "\n\nText."}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	acct.Client.Agent(t, "POST", base+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK)
	return a["id"].(string)
}

// sync runs a sync of integration id and returns its job.
func sync(t *testing.T, acct *testenv.Account, id string) map[string]any {
	t.Helper()
	job := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/"+id+"/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	return acct.Client.WaitJob(t, job["id"].(string))
}
