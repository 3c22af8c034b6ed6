package audit29c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestArchivedSiteAutopilotPageSaysNothingIsWritten: README "Autopilot":
// autopilot "needs no trial or plan (... a slot without a working plan
// passes without writing); turning it on needs a usable site (402
// subscription_required for an archived or removed one)"; README "Sites
// and scans": on an archived site "what needs the plan on it (writing,
// ...) answers 402 until it is restored". Defect: the autopilot page of
// an archived Studio site whose autopilot was on before its removal read
// "Now on", "Next run in 2 days, up to 1 to write", as if it ran; every
// run passes without writing until the site is restored. Now the page
// says the site is archived and that autopilot writes nothing until it is
// restored.
func TestArchivedSiteAutopilotPageSaysNothingIsWritten(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	id := addStudioSite(t, o.Account, "audit29c-auto")
	o.Client.Agent(t, "PATCH", "/sites/"+id+"/autopilot", map[string]any{"enabled": true}).Expect(t, http.StatusOK)
	env.ArchiveStudioSite(t, o.Account, id)

	page := env.SignedIn(t, o.Account.Email).Get(t, "/dashboard/sites/"+id+"/autopilot").Expect(t, http.StatusOK)
	if !strings.Contains(page.Body, "archived") || !strings.Contains(page.Body, "writes nothing") {
		t.Errorf("the autopilot page of an archived site with autopilot on does not say it writes nothing until the site is restored:\n%s", page.Body)
	}
}
