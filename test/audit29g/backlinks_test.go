package audit29g

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestLapsedBacklinksPagesOfferNoChanges: README "Backlink exchange": "A
// site takes part while its account is on the paid plan and the site is
// usable. Reads, and `DELETE` of a hosted placement, work on any account;
// other changes answer 402 `paid_plan_required` without the paid plan";
// README "Owner dashboard": a site's pages "say why and offer only what
// works there". Defect: once the account's plan ended, the backlinks page
// read "Changes need the paid plan. You can read everything here." and
// still offered setting the domain, checking its proof, the exchange
// settings and adding a target, and each target's page offered saving and
// deleting it: every one of those buttons could only answer 402. Now the
// pages offer none of them, say why once and link to Billing.
func TestLapsedBacklinksPagesOfferNoChanges(t *testing.T) {
	env := testenv.StartQuiet(t)
	w := env.NewMemberWeb(t)
	m := env.PaidBacklinkMember(t, w, fmt.Sprintf("lapsed%d.example", time.Now().UnixNano()%1_000_000_000))
	target := m.AddTarget(t, "/grinders", []string{"coffee"}, nil)
	env.Claim(t, m.Acct)
	endPlan(t, env, m.Acct)

	m.BL(t, "PATCH", "", map[string]any{"niche": "coffee"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	m.BL(t, "POST", "/domain/verify", nil).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	m.BL(t, "DELETE", "/targets/"+target, nil).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")

	b := env.SignedIn(t, m.Acct.Email)
	base := "/dashboard/sites/" + m.Site + "/backlinks"
	page := b.Get(t, base).Expect(t, http.StatusOK)
	if got := offered(page, base, base+"/domain", base+"/domain/verify", base+"/targets"); len(got) > 0 {
		t.Errorf("the backlinks page of an account whose plan ended offers %v, which can only answer 402", got)
	}
	if !strings.Contains(page.Body, "paid plan") || !strings.Contains(page.Body, `href="/dashboard/billing"`) {
		t.Errorf("the backlinks page of an account whose plan ended does not say changes need the paid plan, linking to Billing:\n%s", page.Body)
	}
	href := base + "/targets/" + target
	tp := b.Get(t, href).Expect(t, http.StatusOK)
	if got := offered(tp, href, href+"/delete"); len(got) > 0 {
		t.Errorf("the target page of an account whose plan ended offers %v, which can only answer 402", got)
	}
	if !strings.Contains(tp.Body, "paid plan") || !strings.Contains(tp.Body, `href="/dashboard/billing"`) {
		t.Errorf("the target page of an account whose plan ended does not say changes need the paid plan, linking to Billing:\n%s", tp.Body)
	}
}

// TestUnverifiedDomainPageOffersNoTarget: README "Backlink exchange":
// "**Targets.** `url` on the verified domain (422 off it, 409 without
// one ...)" and "A 409 for a change that needs a verified domain names the
// domain's state and the way back". Defect: on the paid plan, the
// backlinks page of a site without a verified domain offered the "Add a
// target" form, which could only answer 409. Now the page says targets
// are added once the domain is verified, and offers the form only then.
func TestUnverifiedDomainPageOffersNoTarget(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/backlinks/targets", map[string]any{
		"url": "https://example.com/a", "anchors": []string{"one anchor", "two anchor", "three anchor"},
	}).ExpectError(t, http.StatusConflict, "conflict")

	base := o.SitePage("/backlinks")
	page := o.Browser.Get(t, base).Expect(t, http.StatusOK)
	if page.HasForm(base + "/targets") {
		t.Errorf("the backlinks page of a site without a verified domain offers adding a target, which can only answer 409")
	}
	if !strings.Contains(page.Body, "once the domain is verified") {
		t.Errorf("the backlinks page of a site without a verified domain does not say targets wait for its verification:\n%s", page.Body)
	}
}
