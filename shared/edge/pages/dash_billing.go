package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/nouns"
)

// billingFacts is the account's billing in words.
type billingFacts struct {
	Status, Summary, Plan, MonthlyTotal, CardCheck string
	TrialEnds, PeriodEnd, PastDueSince, GraceEnds  when
	Paid, Trialing, CancelAtPeriodEnd, PastDue     bool
	// CardCheckFailed says the trial's card check failed: writing is off
	// until the card is updated.
	CardCheckFailed bool
	// WritingPaused says why articles are not written although credits
	// are left ("" while writing runs): the trial's card check failed, a
	// payment is past due beyond the grace, or the plan ended (Ended).
	WritingPaused string
	// Subscribed says there is a subscription to manage in the processor's
	// portal; otherwise one starts through checkout.
	Subscribed  bool
	StudioSites int
	// PlanPrice is what ending the trial now charges.
	PlanPrice string
	// Ended says an earlier subscription ended: checkout charges at once.
	Ended bool
	// TrialOver says the trial's end has passed before the processor
	// reported it: it can no longer be ended early (activate answers 409).
	TrialOver bool
}

func (d *Dashboard) billingOf(b apiBilling) billingFacts {
	now := d.Clock.Now()
	f := billingFacts{
		Status: billingStatus(b.Status), Plan: b.Plan.Name + ", " + money(b.Plan.Amount.String()) + " a " + b.Plan.Interval,
		MonthlyTotal: money(b.MonthlyTotal.String()), TrialEnds: atp(b.TrialEndsAt, now), PeriodEnd: atp(b.CurrentPeriodEnd, now),
		PastDueSince: atp(b.PastDueSince, now), Paid: b.Paid, Trialing: b.Status == "trialing", PastDue: b.Status == "past_due",
		CancelAtPeriodEnd: b.CancelAtPeriodEnd, Subscribed: b.Status != "none" && b.Status != "canceled", StudioSites: b.StudioSites,
		PlanPrice: money(b.Plan.Amount.String()), Ended: b.Status == "canceled",
	}
	f.CardCheckFailed = b.CardVerified != nil && !*b.CardVerified
	f.TrialOver = f.Trialing && f.TrialEnds.ISO != "" && f.TrialEnds.Past
	// The grace keeps writing going for 48 hours after a failed payment,
	// unless the trial's card check failed: then writing is off until the
	// card is updated, grace or not.
	if b.PastDueSince != nil && !f.CardCheckFailed {
		if t, err := time.Parse(time.RFC3339Nano, *b.PastDueSince); err == nil {
			f.GraceEnds = at(t.Add(billing.Grace).UTC().Format(time.RFC3339Nano), now)
		}
	}
	switch {
	case f.Ended:
		// The last period's credits are still listed, but nothing spends
		// them until the plan starts again.
		f.WritingPaused = "the plan ended"
	case f.CardCheckFailed:
		f.WritingPaused = "the trial's card check failed"
	case f.PastDue && (f.GraceEnds.ISO == "" || f.GraceEnds.Past):
		f.WritingPaused = "a payment is past due"
	}
	switch {
	case b.CardVerified == nil:
		f.CardCheck = "not run yet"
	case *b.CardVerified:
		f.CardCheck = "passed"
	default:
		f.CardCheck = "failed: update the card to keep writing"
	}
	switch b.Status {
	case "trialing":
		f.Summary = "Free trial"
		if f.TrialOver {
			f.Summary += ", ended"
		} else if n, ok := daysLeft(b.TrialEndsAt, now); ok {
			f.Summary += ", " + plural(n, "day", "days") + " left"
		}
	case "active":
		f.Summary = b.Plan.Name + " plan, paid"
		if b.CancelAtPeriodEnd {
			f.Summary += ", ends " + f.PeriodEnd.Rel
		}
	case "past_due":
		f.Summary = "Payment past due"
	case "canceled":
		f.Summary = "Plan ended"
	default:
		f.Summary = "No plan yet"
	}
	return f
}

// billingView is the billing page.
type billingView struct {
	page
	Billing billingFacts
	// MonthlyNote says what the monthly total covers ("" for the plan
	// alone).
	MonthlyNote string
	// PortalButton is the label of the button to the processor's portal,
	// which the page's notes name.
	PortalButton string
	Card         string
	Quote        quoteView
	Studio       []siteFacts
	AddSite      formView
	// Confirming says the owner is back from a completed checkout whose
	// subscription the processor has not confirmed yet: the page says so
	// instead of offering checkout again, and refreshes.
	Confirming bool
}

// checkoutDone is the query the processor's checkout returns to the
// Billing page with when it completed (its success address).
const checkoutDone = "done"

// confirmSeconds is how often the Billing page reloads while a completed
// checkout is being confirmed.
const confirmSeconds = 5

// quoteView is the Studio quote: its own sentence and figures. Blocked
// is set when it prices nothing; Refused when that is because the account
// may not add or restore a Studio site now (the quote's block, which
// Message then says), so no restore is offered either.
type quoteView struct {
	Message, DueToday, MonthlyAfter, PricePerSite string
	Blocked, Refused                              bool
	ProrationDate                                 string
}

// quoteOf is the Studio quote q as the pages show it: the price of adding
// a Studio site, and of restoring an archived one (whose form sends
// ProrationDate, so the charge is the price shown). A quote that could not
// be read (no proration_date) prices nothing and counts as blocked.
func quoteOf(q apiQuote) quoteView {
	return quoteView{
		Message: forPerson(q.Message), DueToday: money(q.DueToday.String()), MonthlyAfter: money(q.MonthlyAfter.String()),
		PricePerSite: money(q.PricePerSite.String()), Blocked: q.Block != nil || q.ProrationDate == 0, Refused: q.Block != nil, ProrationDate: strconv.FormatInt(q.ProrationDate, 10),
	}
}

// waitingFor is quote q while the Studio site called name waits for its
// payment: that site holds the account's site change until it is paid or
// lapses (adding, keeping or restoring a site answers 409 meanwhile), so
// the quote prices nothing and its sentence says why and what to do.
func waitingFor(q quoteView, name string) quoteView {
	q.Blocked, q.Refused = true, true
	q.Message = "The Studio site " + name + " is waiting for its payment: adding, keeping or restoring a Studio site waits until that payment is through (“Complete the payment” above) or lapses."
	return q
}

// studioFields are the fields of POST /sites.
var studioFields = []field{
	{Name: "site_url", Label: "Website address", Kind: kURL, Required: true, Hint: "The public http(s) address of the site."},
	{Name: "site_name", Label: "Site name", Required: true, Hint: "1 to 120 characters.", Max: 120},
	{Name: "site_description", Label: "What it sells", Kind: kTextarea, Hint: "Optional, at most 2,000 characters; written from the site when empty.", Max: 2000},
	{Name: "logo_url", Label: "Logo address", Kind: kURL, Hint: "Optional https address."},
}

func (d *Dashboard) billing(w http.ResponseWriter, r *http.Request) {
	d.showBilling(w, r, nil, http.StatusOK, nil)
}

// showBilling renders the billing page; f is the Studio form after a
// refusal.
func (d *Dashboard) showBilling(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	signed, ok := d.ownerOf(w, r, o, billingPage)
	if !ok {
		return
	}
	o = &signed
	var b struct {
		Billing apiBilling `json:"billing"`
	}
	var q struct {
		Quote apiQuote `json:"studio_quote"`
	}
	var ss siteList
	err := d.reads(r.Context(), *o, fetch{Path: "/billing", Out: &b}, fetch{Path: "/billing/studio-quote", Out: &q},
		fetch{Path: sitesRead, Out: &ss})
	var sites []apiSite
	if err == nil {
		sites, err = d.allSites(r.Context(), *o, ss)
	}
	if err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return
	}
	v := billingView{page: o.page(r, "Billing", billingPage), Billing: d.billingOf(b.Billing), PortalButton: portalButton, Card: "none on file"}
	if r.URL.Query().Get("checkout") == checkoutDone && v.Flash == "" {
		// Back from the processor's checkout: its webhook may land after
		// the owner does.
		switch {
		case !v.Billing.Subscribed:
			v.Confirming, v.Refresh = true, confirmSeconds
		case v.Billing.Trialing:
			v.Flash = "Your free trial has started. Nothing is charged before it ends."
		default:
			v.Flash = flashes["activated"]
		}
	}
	if c := q.Quote.Card; c != nil {
		v.Card = strings.ToUpper(c.Brand[:min(1, len(c.Brand))]) + c.Brand[min(1, len(c.Brand)):] + " ending in " + c.Last4
	}
	// The quote's sentence is shown on the Billing page itself, below its
	// buttons; the card is updated with the portal's.
	here := strings.NewReplacer("Update the card on the Billing page", "Update the card with “"+portalButton+"” above", " on the Billing page", " above")
	v.Quote = quoteOf(q.Quote)
	v.Quote.Message = here.Replace(v.Quote.Message)
	leaving := 0
	for _, s := range sites {
		if s.Kind != "primary" {
			sf := d.factsOf(s)
			v.Studio = append(v.Studio, sf)
			if sf.RemovesAt.ISO != "" {
				leaving++
			}
		}
	}
	for _, sf := range v.Studio {
		if sf.Pending {
			v.Quote = waitingFor(v.Quote, sf.Name)
			break
		}
	}
	if b.Billing.CancelAtPeriodEnd {
		// A subscription set to end sets every Studio site to stop with
		// it, yet bills until then those it billed: only the ones removed
		// on their own are no longer billed.
		leaving = max(0, leaving-b.Billing.StudioSites)
	}
	v.MonthlyNote = monthlyNote(b.Billing.StudioSites, leaving)
	if f != nil {
		v.AddSite = *f
	} else {
		v.AddSite = form("studio", billingPage+"/sites", "", studioFields, url.Values{})
	}
	// The button that charges the card names the amount, after a refusal
	// too (the quote is read again).
	v.AddSite.Submit = "Add the site and pay " + v.Quote.DueToday
	RenderForm(w, status, "dash_billing.html", v, paymentTargets)
}

// portalButton labels the button to the processor's portal, where the
// card is updated.
const portalButton = "Manage card, invoices or cancellation"

// monthlyNote says what the monthly total covers: the plan, the Studio
// sites it bills, and, as they are no longer billed, the Studio sites due
// for removal ("" for the plan alone).
func monthlyNote(billed, leaving int) string {
	if billed == 0 && leaving == 0 {
		return ""
	}
	note := "the plan"
	if billed > 0 {
		note += " and " + plural(billed, "Studio site", "Studio sites")
	}
	if leaving > 0 {
		note += "; " + plural(leaving, "Studio site", "Studio sites") + " due for removal " + nouns.Pick(leaving, "is", "are") + " no longer billed"
	}
	return note
}

// checkout sends the owner to the processor's checkout (POST
// /billing/checkout).
func (d *Dashboard) checkout(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Checkout struct {
			URL string `json:"checkout_url"`
		} `json:"checkout"`
	}
	d.away(w, r, "/billing/checkout", &out, func() string { return out.Checkout.URL })
}

// portal sends the owner to the processor's billing portal (POST
// /billing/portal).
func (d *Dashboard) portal(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Portal struct {
			URL string `json:"portal_url"`
		} `json:"portal"`
	}
	d.away(w, r, "/billing/portal", &out, func() string { return out.Portal.URL })
}

// away asks the API for a processor page and redirects there, or shows why
// it cannot.
func (d *Dashboard) away(w http.ResponseWriter, r *http.Request, path string, out any, to func() string) {
	o, ok := d.signedIn(w, r, billingPage)
	if !ok {
		return
	}
	if err := d.send(r, o, http.MethodPost, path, nil, out); err != nil {
		d.refused(w, r, err, billingPage, "Back to billing")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to(), http.StatusSeeOther)
}

// activate ends the trial now and pays (POST /billing/activate).
func (d *Dashboard) activate(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, billingPage)
	if !ok {
		return
	}
	if err := d.send(r, o, http.MethodPost, "/billing/activate", nil, nil); err != nil {
		d.refused(w, r, err, billingPage, "Back to billing")
		return
	}
	d.done(w, r, billingPage, "activated")
}

// addStudioSite adds a Studio site at the quoted price (POST /sites with the
// quote's proration_date).
func (d *Dashboard) addStudioSite(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, billingPage)
	if !ok {
		return
	}
	sent := posted(r)
	b := body(studioFields, sent, nil)
	if pd, err := strconv.ParseInt(sent.Get("proration_date"), 10, 64); err == nil {
		b["proration_date"] = pd
	}
	var out struct {
		Site apiSite `json:"site"`
	}
	if err := d.send(r, o, http.MethodPost, "/sites", b, &out); err != nil {
		labels := labelsOf(studioFields)
		labels["proration_date"] = quoteLabel
		f := form("studio", billingPage+"/sites", "Add the site", studioFields, sent).withProblems(staleQuote(err), labels)
		d.showBilling(w, r, &o, statusOf(err), &f)
		return
	}
	d.done(w, r, sitePath(out.Site.ID), "studio")
}

// quoteLabel names the page's hidden proration_date for the owner, who
// never typed it: it is the quote the page showed.
const quoteLabel = "The quoted price"

// staleQuote words a refused proration_date (the quote the page showed is
// older than 30 minutes, from the future or from an ended period) for the
// owner: the page shown again carries a new quote, so adding the site
// again pays that.
func staleQuote(err error) error {
	if e, ok := err.(*apiError); ok {
		for i := range e.Details {
			if e.Details[i].Field == "proration_date" {
				e.Details[i].Problem = "has expired: the new quote is shown above; check it and add the site again"
			}
		}
	}
	return err
}

// billingStatus names a billing status for the owner.
func billingStatus(status string) string {
	switch status {
	case "none":
		return "no subscription"
	case "trialing":
		return "free trial"
	case "active":
		return "active"
	case "past_due":
		return "payment past due"
	case "canceled":
		return "ended"
	}
	return words(status)
}
