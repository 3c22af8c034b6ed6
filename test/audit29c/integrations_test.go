package audit29c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestArchivedSiteIntegrationsPageOffersOnlyWhatWorks: README "Sites and
// scans": "An archived site keeps its content workable ...; what needs the
// plan on it (writing, site keys, integrations, backlinks, forum) answers
// 402 until it is restored"; README "Owner dashboard": the integrations
// page offers "connect, configure, sync ..., disconnect" with "site keys
// (created and shown once, ..., revoke)". Defect: an archived Studio
// site's integrations page still offered "Connect push_platform_1" and
// "Create site key", whose buttons could only fail with 402, and said
// nothing of why. Now the page says the site is archived and must be
// restored first, offers neither, and still offers what works on an
// archived site: revoking its site keys.
func TestArchivedSiteIntegrationsPageOffersOnlyWhatWorks(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	id := addStudioSite(t, o.Account, "audit29c-int")
	key := o.Client.Agent(t, "POST", "/sites/"+id+"/keys", map[string]any{"name": "Blog"}).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)
	env.ArchiveStudioSite(t, o.Account, id)

	// What the page would offer answers 402 on the archived site.
	o.Client.Agent(t, "POST", "/sites/"+id+"/keys", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	o.Client.Agent(t, "POST", "/sites/"+id+"/integrations/push_platform_1/connect", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	base := "/dashboard/sites/" + id
	page := env.SignedIn(t, o.Account.Email).Get(t, base+"/integrations").Expect(t, http.StatusOK)
	for _, action := range []string{base + "/keys", base + "/integrations/push_platform_1/connect", base + "/integrations/push_platform_2/connect"} {
		if page.HasForm(action) {
			t.Errorf("the archived site's integrations page offers %s, which can only answer 402", action)
		}
	}
	if !strings.Contains(page.Body, "archived") || !strings.Contains(page.Body, "restore") {
		t.Errorf("the archived site's integrations page does not say the site is archived and must be restored first:\n%s", page.Body)
	}
	if revoke := base + "/keys/" + key["id"].(string) + "/revoke"; !page.HasForm(revoke) {
		t.Errorf("the archived site's integrations page no longer offers revoking its site key (%s), which works on an archived site", revoke)
	}
}
