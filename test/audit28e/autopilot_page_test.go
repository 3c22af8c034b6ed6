package audit28e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestAutopilotPageSaysWhenRunsWriteNothing: README, Autopilot: "At each
// slot the scheduler starts generations of scheduled articles ...,
// spending credits like the API, and stops when credits run out ...
// Without a working plan, or on an unusable site, the slot passes without
// writing"; the autopilot page's own hint: "autopilot stops when credits
// run out". Defect: the dashboard's autopilot page read "Next run in 21
// hours (...), 2 to write" for an account without a trial or plan, and for
// a site whose article credits were spent, although that run writes
// nothing; nothing on the page said why the owner's scheduled articles
// stayed unwritten. The page now says the next run writes nothing while
// no article credits are left, and links to Billing.
func TestAutopilotPageSaysWhenRunsWriteNothing(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/autopilot", map[string]any{"enabled": true, "weekly_cadence": 14}, http.StatusOK)
	page := o.Browser.Get(t, o.SitePage("/autopilot")).Expect(t, http.StatusOK, "2 to write")
	expectWritesNothing(t, "without a trial or plan", page.Body)

	// A trial whose article credits are all spent.
	env.Trial(t, o.Account, testenv.TestCardOK)
	page = o.Browser.Get(t, o.SitePage("/autopilot")).Expect(t, http.StatusOK, "2 to write")
	if strings.Contains(page.Body, "writes nothing") {
		t.Fatalf("with article credits left, the autopilot page says its next run writes nothing:\n%s", page.Body)
	}
	credits := o.API(t, "GET", "/sites/"+o.SiteID+"/credits", nil, http.StatusOK)["credits"].(map[string]any)["articles"].(map[string]any)
	for i := range int(credits["balance"].(float64)) {
		id := o.NewArticle(t, map[string]any{"title": fmt.Sprintf("Rocket fins, part %d", i+1), "status": "scheduled"})
		job := o.API(t, "POST", "/sites/"+o.SiteID+"/articles/"+id+"/generate", nil, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
		o.Client.WaitJob(t, job)
	}
	page = o.Browser.Get(t, o.SitePage("/autopilot")).Expect(t, http.StatusOK)
	expectWritesNothing(t, "with the article credits spent", page.Body)
}

func expectWritesNothing(t *testing.T, when, body string) {
	t.Helper()
	if !strings.Contains(body, "writes nothing") {
		t.Fatalf("%s, the autopilot page does not say its next run writes nothing:\n%s", when, body)
	}
}
