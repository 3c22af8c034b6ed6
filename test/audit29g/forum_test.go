package audit29g

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestClosedForumPagesOfferNoChanges: README "Forum presence": "`access`:
// `paid` while the plan is paid and the site usable, `trial` while
// trialing, `lapsed` ... for a site that is no longer usable (an archived
// or removed Studio site) on a paid plan (reads only), otherwise `none`";
// README "Sites and scans": on an archived site "what needs the plan on it
// (..., forum) answers 402 until it is restored"; README "Owner
// dashboard": a site's pages "say why and offer only what works there".
// Defect: the forum page of an archived Studio site, and of an account
// without a plan, offered "Save forum settings" (and, forum presence being
// on, "Search the forum now"), and a thread's page offered saving,
// dismissing, editing and rewriting its draft and recording the posted
// reply: each answers 402. Now these pages offer none of them, and the
// thread's page says why (the forum page's Access line already did).
func TestClosedForumPagesOfferNoChanges(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	f := env.NewForum(t, o.Account)
	api, thread := f.OnStudioSite(t)
	o.Client.Agent(t, "POST", api+"/threads/"+thread+"/drafts", nil).Expect(t, http.StatusOK)
	site := strings.Split(api, "/")[2]
	env.ArchiveStudioSite(t, o.Account, site)
	o.Client.Agent(t, "POST", api+"/sweeps", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	o.Client.Agent(t, "PATCH", api+"/threads/"+thread, map[string]any{"status": "saved"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	b := env.SignedIn(t, o.Account.Email)
	base := "/dashboard/sites/" + site + "/forum"
	page := b.Get(t, base).Expect(t, http.StatusOK)
	if got := offered(page, base, base+"/sweeps"); len(got) > 0 {
		t.Errorf("the archived site's forum page offers %v, which can only answer 402", got)
	}
	href := base + "/threads/" + thread
	tp := b.Get(t, href).Expect(t, http.StatusOK)
	if got := offered(tp, href, href+"/draft", href+"/edit", href+"/reply"); len(got) > 0 {
		t.Errorf("the archived site's thread page offers %v, which can only answer 402", got)
	}
	if !strings.Contains(tp.Body, "archived") || !strings.Contains(tp.Body, "restore") {
		t.Errorf("the archived site's thread page does not say the site is archived and must be restored first:\n%s", tp.Body)
	}

	// An account without a plan: forum presence is closed on its site.
	n := env.NewOwner(t)
	n.Client.Agent(t, "PATCH", "/sites/"+n.SiteID+"/forum", map[string]any{"tone": "warm"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	mine := n.SitePage("/forum")
	if n.Browser.Get(t, mine).Expect(t, http.StatusOK).HasForm(mine) {
		t.Errorf("the forum page of an account without a plan offers saving forum settings, which can only answer 402")
	}
}
