package audit23e

import (
	"slices"
	"testing"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// TestWordingAndBilling pins the wording and billing defects the audit's
// second pass found: counts written as a person reads them (score and
// forum checks), the billing page saying each thing once and naming what
// the monthly total leaves out, paused writing said next to the credits,
// the create form following the list's filter, and the webhook list naming
// events as the endpoint's page does.
func TestWordingAndBilling(t *testing.T) {
	env := testenv.StartQuiet(t)
	f := fill(t, env)
	s := "/dashboard/sites/" + f.a.SiteID
	c := chrome.New(t, env, f.a.Email)
	look(t, c, []page{
		// The finished article has one H2 and one link.
		{name: "article-score", path: s + "/articles/" + f.article["finished"] + "/score", want: []string{"1 H2 section. Split the article into at least three."}, not: []string{"(s)"}},
		// Replies may hold no link (the default).
		{name: "thread", path: s + "/forum/threads/" + f.thread, want: []string{"No links"}, not: []string{"(s)", "At most 0"}},
		// The removed Studio site is out of the total, and the page says so.
		{name: "billing", path: "/dashboard/billing", want: []string{"49.50 USD (the plan; 1 Studio site due for removal is no longer billed)"}},
		// The create form starts at the filter's status when it can.
		{name: "articles-scheduled", path: s + "/articles?status=scheduled", want: []string{`css:select[name="status"] option[value="scheduled"]:checked`}},
		{name: "articles", path: s + "/articles", want: []string{`css:select[name="status"] option[value="opportunity"]:checked`}},
		{name: "articles-finished", path: s + "/articles?status=finished", want: []string{`css:select[name="status"] option[value="opportunity"]:checked`}},
		{name: "webhooks", path: "/dashboard/settings/webhooks"},
	})
	// The list names events as the endpoint's page does, codes kept.
	c.Open("/dashboard/settings/webhooks")
	events := chrome.Eval[[]string](c, `[...document.querySelectorAll('td[data-label="Events"]')].map(e => e.innerText).sort()`)
	if want := []string{"Article: generated (article.generated)\nArticle: published (article.published)", "Every event"}; !slices.Equal(events, want) {
		t.Errorf("webhook list events: %q, want %q", events, want)
	}

	late := env.NewAccount(t, "")
	env.Claim(t, late)
	env.Trial(t, late, "4000000000000101")
	env.RunScheduled(t) // the trial card check fails
	env.Advance(t, 7*24*3600+60)
	env.RunScheduled(t) // the trial runs out; the first charge is declined
	lc := chrome.New(t, env, late.Email)
	paused := "writing is paused because the trial's card check failed"
	look(t, lc, []page{
		// Past due is said once, under Status; the message names the button.
		{name: "pastdue-billing", path: "/dashboard/billing",
			want: []string{"Business, 49.50 USD a month", "payment past due", "Update the card with “Manage card, invoices or cancellation” above", `css:button[type="submit"]`},
			not:  []string{"Payment past due", "Update the card above"}},
		// Credits left while writing is off say why nothing is written.
		{name: "pastdue-overview", path: "/dashboard", want: []string{"5 of 5 credits left; " + paused}},
		{name: "pastdue-site", path: "/dashboard/sites/" + late.SiteID, want: []string{"Writing is paused because the trial's card check failed"}},
	})
}
