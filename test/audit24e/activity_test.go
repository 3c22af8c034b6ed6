package audit24e

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// Spec 2, "Activity entry": `ip` is the caller's address; section 1: the
// owner watches what agents do. The API's activity log says where each
// change came from, the dashboard's activity pages did not, so an owner
// could not tell a key used from an unknown address.
func TestActivityPagesSayWhereAChangeCameFrom(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	o.API(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": "where from"}, http.StatusCreated)
	var out struct {
		Activity []struct{ Action, IP string }
	}
	o.Client.Agent(t, "GET", "/activity?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Activity) != 1 || out.Activity[0].Action != "keyword.created" || out.Activity[0].IP == "" {
		t.Fatalf("the API's newest activity entry is %+v, want keyword.created with its address", out.Activity)
	}
	ip := out.Activity[0].IP
	for _, page := range []string{"/dashboard/activity", o.SitePage("/activity")} {
		text := visibleText(o.Browser.Get(t, page).Expect(t, http.StatusOK).Body)
		if !strings.Contains(text, "from "+ip) {
			t.Errorf("%s does not say the change came from %s:\n%s", page, ip, text)
		}
	}
}

// Spec 2, "Agent key": `operator` and `contact_url`; the dashboard's
// "Create an agent key" form asks for both. The agent keys page showed the
// operator but never the contact address, so what the owner (or an agent)
// gave as the way to reach whoever runs a key was nowhere on the page.
func TestAgentKeysPageShowsTheContactAddress(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	o.API(t, "POST", "/agent-keys", map[string]any{"name": "Night writer", "operator": "Acme Ops", "contact_url": "https://ops.acme24e.example/agents"}, http.StatusCreated)
	o.Browser.Get(t, "/dashboard/settings/agents").Expect(t, http.StatusOK, "Acme Ops", `href="https://ops.acme24e.example/agents"`)
}
