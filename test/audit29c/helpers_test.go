package audit29c

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// addStudioSite adds a Studio site called name to a's account (on the paid
// plan), waits for its first scan and returns the site's id.
func addStudioSite(t *testing.T, a *testenv.Account, name string) string {
	t.Helper()
	out := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody(name), "Idempotency-Key: add-"+name).Expect(t, http.StatusCreated).JSON(t)
	a.Client.WaitJob(t, out["scan_job_id"].(string))
	return out["site"].(map[string]any)["id"].(string)
}
