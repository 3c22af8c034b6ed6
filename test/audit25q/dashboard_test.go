package audit25q

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSitePastItsRemovalIsNotOfferedAFreeKeep: spec 2 ("A site is usable
// when status is active and removes_at is null or in the future"), spec 3
// ("POST /sites/{site_id}/restore | still running with future removes_at |
// removal cancelled, no charge"; "| archived | active again | prorated
// charge") and README's owner dashboard ("billing (... Studio sites: the
// quote's own sentence, add, schedule removal, keep or restore)").
// Defect: once a Studio site's removes_at had passed, before the scheduler
// archived it, the Billing page and the site's page still offered a free
// "Keep" (the Billing page without the quote's proration_date), and the
// overview asked the owner to "Keep the site", but the
// API treats that restore as an archived site's and charged the card a
// prorated price the page never showed. Now such a site shows as archived
// at its removes_at, with "Restore and pay <due_today>" carrying the
// quote's proration_date.
func TestSitePastItsRemovalIsNotOfferedAFreeKeep(t *testing.T) {
	env, acct := paidAccount(t)
	c := acct.Client
	id := addStudio(t, acct, "past-removal-25q")
	removed := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.Claim(t, acct)
	env.AdvancePast(t, removed["removes_at"].(string), time.Minute) // no scheduled run: not archived yet
	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")

	page := b.Get(t, "/dashboard/billing").Expect(t, http.StatusOK)
	due := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)["due_today"].(float64)
	label := "Restore and pay " + strconv.FormatFloat(due, 'f', 2, 64) + " USD"
	if !strings.Contains(page.Body, label) || strings.Contains(page.Body, ">Keep</button>") {
		t.Fatalf("Billing page for a Studio site past its removes_at: want %q and no free Keep:\n%s", label, page.Body)
	}
	if f := page.Form(t, "/dashboard/sites/"+id+"/restore"); f.Get("proration_date") == "" {
		t.Fatalf("the restore form of a site past its removal sends no proration_date: %v", f)
	}
	site := b.Get(t, "/dashboard/sites/"+id).Expect(t, http.StatusOK)
	if strings.Contains(site.Body, "Keep this site") || !strings.Contains(site.Body, "Restore this site") {
		t.Fatalf("site page of a Studio site past its removes_at offers a free Keep:\n%s", site.Body)
	}
	if overview := b.Get(t, "/dashboard").Expect(t, http.StatusOK); strings.Contains(overview.Body, "Keep the site") {
		t.Fatalf("the overview asks to keep a Studio site whose removal time has passed:\n%s", overview.Body)
	}
}

// TestSitePageNamesThePriceOfRestoringAnArchivedSite: spec 3 ("POST
// /sites/{site_id}/restore | archived | active again | prorated charge"),
// spec 4.5 ("GET /billing/studio-quote ... Pass its proration_date ...
// within 30 minutes to be charged exactly due_today"; restore takes the
// same optional proration_date) and README's owner dashboard (billing and
// Studio sites: "the quote's own sentence, add, schedule removal, keep or
// restore"). Defect: an archived Studio site's own page offered "Restore
// this site (charged for the rest of the period)", which charged the card
// an amount the page never named, priced at the moment the form was sent
// rather than at the page's quote. The page now names the quote's
// due_today on the button and sends the quote's proration_date, so the
// charge is the price it showed.
func TestSitePageNamesThePriceOfRestoringAnArchivedSite(t *testing.T) {
	env, acct := paidAccount(t)
	c := acct.Client
	id := addStudio(t, acct, "site-page-restore-25q")
	removed := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.Claim(t, acct)
	env.AdvancePast(t, removed["removes_at"].(string), 24*time.Hour)
	env.RunScheduled(t) // the renewal, then the removal: the site is archived
	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")

	path := "/dashboard/sites/" + id
	page := b.Get(t, path).Expect(t, http.StatusOK)
	due := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)["due_today"].(float64)
	shown := strconv.FormatFloat(due, 'f', 2, 64) + " USD"
	if !strings.Contains(page.Body, "Restore this site and pay "+shown) {
		t.Fatalf("the archived site's page does not name the restore price %q:\n%s", shown, page.Body)
	}
	form := page.Form(t, path+"/restore")
	if form.Get("proration_date") == "" {
		t.Fatalf("the archived site's restore form sends no proration_date: %v", form)
	}
	env.Advance(t, 20*60) // the price the page showed holds for 30 minutes
	b.Post(t, path+"/restore", form).Redirect(t, http.StatusSeeOther, env.URL+path)
	var act struct {
		Activity []struct{ Action, Summary string }
	}
	c.Agent(t, "GET", "/activity?site_id="+id, nil).Expect(t, http.StatusOK).Decode(t, &act)
	for _, e := range act.Activity {
		if e.Action == "site.restored" {
			if !strings.Contains(e.Summary, "charged "+strconv.FormatFloat(due, 'f', -1, 64)+" USD") {
				t.Fatalf("restore recorded %q, want the %s the page showed", e.Summary, shown)
			}
			return
		}
	}
	t.Fatalf("no site.restored in the site's activity: %v", act.Activity)
}

// TestBillingPageOffersNoKeepWhileTheSubscriptionIsSetToEnd: README ("restore
// while the subscription is set to end answers 409 conflict, as adding a
// site does (the site keeps its removes_at)"; the dashboard is the person's
// twin of the agent API, and its billing page lists Studio sites with keep
// or restore). Defect: while the subscription was set to end, the site's
// own page said to resume the subscription first, but the Billing page's
// Studio table still offered "Keep" for a site due for removal, a button
// the API refuses with 409. The table now offers no Keep then and names
// what to do instead.
func TestBillingPageOffersNoKeepWhileTheSubscriptionIsSetToEnd(t *testing.T) {
	env, acct := paidAccount(t)
	c := acct.Client
	id := addStudio(t, acct, "keep-canceling-25q")
	c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)
	env.CancelAtPeriodEnd(t, acct)
	c.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: keep-canceling-25q").ExpectError(t, http.StatusConflict, "conflict")

	env.Claim(t, acct)
	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")
	page := b.Get(t, "/dashboard/billing").Expect(t, http.StatusOK)
	if page.HasForm("/dashboard/sites/" + id + "/restore") {
		t.Fatalf("the Billing page offers Keep for a Studio site while the subscription is set to end:\n%s", page.Body)
	}
	if !strings.Contains(page.Body, "resume the subscription first") {
		t.Fatalf("the Billing page does not say how to keep the site:\n%s", page.Body)
	}
}
