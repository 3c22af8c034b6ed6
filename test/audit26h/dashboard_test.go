package audit26h

import (
	"fmt"
	"html"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// TestBacklinksPageOfAStudioSitePastItsRemovalSaysItIsArchived: README,
// owner dashboard: "A Studio site whose removes_at has passed shows as
// archived (at removes_at) until the scheduler archives it, with restore
// at the quote's price"; backlink exchange: changes answer "402
// subscription_required on a site that is not usable on it (a pending,
// archived or removed Studio site)". Defect: in that window the site's
// own page read "archived", but its Backlinks page told the owner of an
// account on the paid plan "Changes need the paid plan.", as if the plan
// were missing, because it looked at the stored status alone. It now
// says the site is archived and needs restoring, as once the scheduler
// has archived it.
func TestBacklinksPageOfAStudioSitePastItsRemovalSaysItIsArchived(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	c := o.Client
	q := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	site := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://second.example.com", "site_name": "Second", "proration_date": q["proration_date"]},
		"Idempotency-Key: add-second").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := site["id"].(string)
	removed := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.AdvancePast(t, removed["removes_at"].(string), time.Minute) // the scheduler has not run: still "active" in storage
	env.SignIn(t, o.Browser, o.Email, "/dashboard")                 // the first session ended meanwhile

	if s := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["status"] != "active" {
		t.Fatalf("site before the scheduler ran: %v", s)
	}
	if b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["paid"] != true {
		t.Fatalf("billing: %v, want the paid plan", b)
	}
	c.Agent(t, "PATCH", "/sites/"+id+"/backlinks", map[string]any{"niche": "rockets"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	o.Browser.Get(t, "/dashboard/sites/"+id).Expect(t, http.StatusOK, "archived")
	page := o.Browser.Get(t, "/dashboard/sites/"+id+"/backlinks").Expect(t, http.StatusOK)
	if strings.Contains(page.Body, "Changes need the paid plan.") || !strings.Contains(page.Body, "This Studio site is archived") {
		i := strings.Index(page.Body, `class="note"`)
		t.Fatalf("backlinks page of a Studio site past its removal, on the paid plan, says: %s", page.Body[max(i, 0):min(max(i, 0)+300, len(page.Body))])
	}
}

// TestOverviewAsksNothingOfAnArchivedStudioSite: README, owner dashboard:
// the overview lists "what needs attention: a website scan that failed,
// ..., forum drafts waiting, an unverified backlink domain, an
// integration in error, a Studio site to be removed, each with the page
// that fixes it"; "An archived site keeps its content workable ...; what
// needs the plan on it (writing, site keys, integrations, backlinks,
// forum) answers 402 until it is restored", and a scan of an archived
// site, or one past its removes_at, answers 402. Defect: an archived
// Studio site (or one past its removal, which the dashboard shows as
// archived) kept its items on the list, such as "The website scan of
// Second failed ... Check the address and scan again", sending the owner
// to fix what its state refuses (the scan answered 402). An archived
// site now adds nothing to the list: its card says it is off the plan
// until restored, and its items come back once it is.
func TestOverviewAsksNothingOfAnArchivedStudioSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	c := o.Client
	q := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	// A host under the reserved .example top-level domain never resolves,
	// so the Studio site's scan fails.
	website := fmt.Sprintf("https://second%d.example", time.Now().UnixNano())
	added := c.Agent(t, "POST", "/sites", map[string]any{"site_url": website, "site_name": "Second", "proration_date": q["proration_date"]},
		"Idempotency-Key: add-second").Expect(t, http.StatusCreated).JSON(t)
	id := added["site"].(map[string]any)["id"].(string)
	if j := c.WaitJob(t, added["scan_job_id"].(string)); j["status"] != "failed" {
		t.Fatalf("scan of the Studio site: %v", j)
	}
	primaryFailed := c.Agent(t, "GET", "/sites/"+o.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)["status"] == "failed"
	if items := attention(t, o); !mentions(items, "The website scan of Second failed") {
		t.Fatalf("a usable Studio site's failed scan is not on the list: %q", items)
	}

	removed := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	for _, step := range []string{"past its removal time", "archived by the scheduler"} {
		if step == "past its removal time" {
			env.AdvancePast(t, removed["removes_at"].(string), time.Minute)
		} else {
			env.RunScheduled(t)
		}
		env.SignIn(t, o.Browser, o.Email, "/dashboard")
		c.Agent(t, "POST", "/sites/"+id+"/scan", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
		items := attention(t, o)
		if mentions(items, "Second") {
			t.Errorf("%s: the overview asks the owner to act on the archived Studio site: %q", step, items)
		}
		if primaryFailed && !mentions(items, "The website scan of acme.com failed") {
			t.Errorf("%s: the primary site's own item left the list too: %q", step, items)
		}
	}
}

var (
	attentionSection = regexp.MustCompile(`(?s)<section aria-labelledby="attention">(.*?)</section>`)
	attentionItem    = regexp.MustCompile(`(?s)<li class="alert">(.*?)</li>`)
)

// attention returns the texts of the overview's "Needs your attention"
// list, unescaped, as the signed-in owner sees it.
func attention(t *testing.T, o *testenv.Owner) []string {
	t.Helper()
	p := o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK, "Needs your attention")
	sec := attentionSection.FindStringSubmatch(p.Body)
	if sec == nil {
		t.Fatalf("the overview has no attention section:\n%s", p.Body)
	}
	var out []string
	for _, m := range attentionItem.FindAllStringSubmatch(sec[1], -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// mentions reports whether an item of items holds s.
func mentions(items []string, s string) bool {
	for _, it := range items {
		if strings.Contains(it, s) {
			return true
		}
	}
	return false
}

// TestArchivedStudioSiteOffersNoRestoreTheQuoteRefuses: spec 2's Studio
// quote carries a `block` when the account cannot add (or restore) a
// Studio site now, and README (owner dashboard): a Studio site is restored
// "at the quote's price". Defect: once the plan had ended, the site page
// and the Billing page of its archived Studio site still offered
// "Restore", a button whose only answer is a refusal page. They now say
// why restoring waits (the quote's own sentence) and link to Billing,
// where starting the plan again is.
func TestArchivedStudioSiteOffersNoRestoreTheQuoteRefuses(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	c := o.Client
	q := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	id := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://second.example.com", "site_name": "Second", "proration_date": q["proration_date"]},
		"Idempotency-Key: add-second").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	env.CancelAtPeriodEnd(t, o.Account)
	b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	env.AdvancePast(t, b["current_period_end"].(string), time.Minute)
	env.RunScheduled(t)
	if s := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["status"] != "archived" {
		t.Fatalf("the Studio site after the plan ended: %v", s)
	}
	quote := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	if quote["block"] == nil {
		t.Fatalf("the quote after the plan ended is not blocked: %v", quote)
	}
	env.SignIn(t, o.Browser, o.Email, "/dashboard")
	for _, path := range []string{"/dashboard/sites/" + id, "/dashboard/billing"} {
		page := o.Browser.Get(t, path).Expect(t, http.StatusOK)
		if strings.Contains(page.Body, "/dashboard/sites/"+id+"/restore") {
			t.Errorf("%s offers to restore the archived Studio site although the quote refuses it", path)
		}
		if !strings.Contains(page.Body, "Restoring") {
			t.Errorf("%s does not say why restoring waits", path)
		}
	}
	// Nor a scan, which an archived site's scan answers 402 to.
	if page := o.Browser.Get(t, "/dashboard/sites/"+id).Expect(t, http.StatusOK); strings.Contains(page.Body, "/dashboard/sites/"+id+"/scan") {
		t.Errorf("the archived Studio site's page offers a scan")
	}
	// As a person sees them, at phone and desktop width (nothing wider
	// than the screen), with a billing portal link that is not valid.
	tab := chrome.New(t, env, o.Email)
	dir := filepath.Join("..", "..", ".cache", "audit26h")
	for name, path := range map[string]string{"archived-overview": "/dashboard", "archived-site": "/dashboard/sites/" + id, "archived-billing": "/dashboard/billing", "portal-invalid": "/portal/not-a-link"} {
		tab.Open(path)
		tab.Shoot(dir, name, 390, 1280)
	}
}
