// Package billing owns the account's plan (spec 2 Billing, Checkout link,
// Portal link, Studio quote; 3; 4.9): the billing record and its state
// machine, driven by a payment processor's events (checkout completed,
// invoice paid or failed, cancellation scheduled, subscription ended) and by
// the agent API (activate now); the links to the processor's hosted pages;
// the Studio quote; the trial card check; and the one Gate every endpoint
// asks whether the account may do what it asks (subscription_required,
// paid_plan_required).
package billing

import (
	"slices"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
)

// Billing statuses (spec 2 Billing).
const (
	StatusNone     = "none"
	StatusTrialing = "trialing"
	StatusActive   = "active"
	StatusPastDue  = "past_due"
	StatusCanceled = "canceled"
)

// Grace is how long generation keeps working after a payment failed.
const Grace = 48 * time.Hour

// Plan describes the one plan.
type Plan struct {
	Name     string         `json:"name"`
	Amount   payments.Cents `json:"amount"`
	Currency string         `json:"currency"`
	Interval string         `json:"interval"`
}

// ThePlan is the plan every subscription is on.
var ThePlan = Plan{Name: payments.PlanName, Amount: payments.PlanCents, Currency: payments.Currency, Interval: payments.Interval}

// Billing is the account's billing state as the API shows it.
type Billing struct {
	Status            string         `json:"status"`
	Paid              bool           `json:"paid"`
	CardVerified      *bool          `json:"card_verified"`
	TrialEndsAt       *string        `json:"trial_ends_at"`
	CurrentPeriodEnd  *string        `json:"current_period_end"`
	PastDueSince      *string        `json:"past_due_since"`
	CancelAtPeriodEnd bool           `json:"cancel_at_period_end"`
	Plan              Plan           `json:"plan"`
	StudioSites       int            `json:"studio_sites"`
	MonthlyTotal      payments.Cents `json:"monthly_total"`
	// Currency is the currency of monthly_total (spec 2: money is next
	// to currency), always usd.
	Currency string `json:"currency"`
}

// openLink is the account's open checkout: the processor's session (ID,
// URL, ExpiresAt) and, when that session ends before the link should, the
// service's own link in front of it (LinkURL, LinkExpiresAt; see
// Links). It is handed out again until it expires or checkout
// completes.
type openLink struct {
	ID            string        `dynamodbav:"id"`
	URL           string        `dynamodbav:"url"`
	Mode          payments.Mode `dynamodbav:"mode"`
	ExpiresAt     string        `dynamodbav:"expires_at"`
	LinkURL       string        `dynamodbav:"link_url,omitempty"`
	LinkExpiresAt string        `dynamodbav:"link_expires_at,omitempty"`
}

// handedOut returns the link the agent gets and when it ends: the
// service's own link when there is one, else the processor's.
func (l *openLink) handedOut() (url, expiresAt string) {
	if l.LinkURL != "" {
		return l.LinkURL, l.LinkExpiresAt
	}
	return l.URL, l.ExpiresAt
}

// checkoutMode is the checkout the account may start: a trial when it never
// had a subscription, the plan charged today after one ended.
func (r *record) checkoutMode() payments.Mode {
	if r.HadSubscription {
		return payments.ModePlan
	}
	return payments.ModeTrial
}

// siteLock is the account's one site change in flight (add, remove or
// restore a Studio site).
type siteLock struct {
	ID     string `dynamodbav:"id"`
	Kind   string `dynamodbav:"kind"`
	SiteID string `dynamodbav:"site_id"`
	Until  string `dynamodbav:"until"`
	// Invoice is the processor's invoice of the change's charge while it
	// waits for the cardholder to authenticate it (AwaitSiteCharge); the
	// lock is held until the processor reports it paid or it lapses.
	Invoice string `dynamodbav:"invoice,omitempty"`
}

// record is the stored billing state of an account. Times are API
// timestamps; empty means none.
type record struct {
	PK                string         `dynamodbav:"pk"`
	SK                string         `dynamodbav:"sk"`
	AccountID         string         `dynamodbav:"account_id"`
	Status            string         `dynamodbav:"status"`
	CustomerRef       string         `dynamodbav:"customer_ref"`
	SubscriptionRef   string         `dynamodbav:"subscription_ref"`
	HadSubscription   bool           `dynamodbav:"had_subscription"`
	EverPaid          bool           `dynamodbav:"ever_paid"`
	CardVerified      *bool          `dynamodbav:"card_verified"`
	TrialEndsAt       string         `dynamodbav:"trial_ends_at"`
	PeriodStart       string         `dynamodbav:"period_start"`
	PeriodEnd         string         `dynamodbav:"period_end"`
	PastDueSince      string         `dynamodbav:"past_due_since"`
	CancelAtPeriodEnd bool           `dynamodbav:"cancel_at_period_end"`
	StudioSites       int            `dynamodbav:"studio_sites"`
	Card              *payments.Card `dynamodbav:"card"`
	Checkout          *openLink      `dynamodbav:"checkout,omitempty"`
	Lock              *siteLock      `dynamodbav:"site_lock,omitempty"`
	Version           int64          `dynamodbav:"version"`
	GSI1PK            string         `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK            string         `dynamodbav:"gsi1sk,omitempty"`
	// Granted holds the ends of the latest periods whose credits were
	// granted, oldest first (see noteGrant): a period's report that comes
	// after a later one's still records its credits.reset, and only once.
	Granted []string `dynamodbav:"granted_periods,omitempty"`
	// PaidInvoices holds the processor's ids of the latest paid invoices,
	// oldest first (see notePaid): a decline of one of them reported after
	// its payment changes nothing.
	PaidInvoices []string `dynamodbav:"paid_invoices,omitempty"`
}

// current reports whether the account has a subscription that has not
// ended.
func (r *record) current() bool {
	return r.Status == StatusTrialing || r.Status == StatusActive || r.Status == StatusPastDue
}

// paid reports whether an invoice is paid and the plan is current.
func (r *record) paid() bool { return r.Status == StatusActive }

// graceEnds returns when generation stops for a past-due account.
func (r *record) graceEnds() (time.Time, bool) {
	t, ok := parse(r.PastDueSince)
	return t.Add(Grace), ok
}

// monthly returns what the subscription costs a month: the plan plus its
// Studio sites; nothing without a current subscription.
func (r *record) monthly() payments.Cents {
	if !r.current() {
		return 0
	}
	return payments.PlanCents + payments.Cents(r.StudioSites)*payments.StudioSiteCents
}

// view renders the record for the API at now (see periodAt).
func (r *record) view(now time.Time) Billing {
	b := Billing{
		Status: r.Status, Paid: r.paid(), CardVerified: r.CardVerified, CancelAtPeriodEnd: r.CancelAtPeriodEnd,
		Plan: ThePlan, StudioSites: r.StudioSites, MonthlyTotal: r.monthly(), Currency: payments.Currency,
	}
	if r.Status == StatusTrialing {
		b.TrialEndsAt = opt(r.TrialEndsAt)
	}
	if r.current() {
		b.CurrentPeriodEnd = opt(r.PeriodEnd)
		if _, end, ok := r.periodAt(now); ok {
			b.CurrentPeriodEnd = opt(clock.Format(end))
		}
	}
	if r.Status == StatusPastDue {
		b.PastDueSince = opt(r.PastDueSince)
	}
	return b
}

// setSubscription copies the processor's view of the subscription.
func (r *record) setSubscription(sub payments.Subscription) {
	r.SubscriptionRef = sub.Ref
	if sub.CustomerRef != "" {
		r.CustomerRef = sub.CustomerRef
	}
	r.setPeriod(sub)
	if sub.Card != nil {
		r.Card = sub.Card
	}
}

// setPeriod copies the current period and trial end.
func (r *record) setPeriod(sub payments.Subscription) {
	if !sub.PeriodStart.IsZero() {
		r.PeriodStart, r.PeriodEnd = clock.Format(sub.PeriodStart), clock.Format(sub.PeriodEnd)
	}
	r.TrialEndsAt = ""
	if sub.Status == payments.StatusTrialing && !sub.TrialEnd.IsZero() {
		r.TrialEndsAt = clock.Format(sub.TrialEnd)
	}
}

// period returns the bounds of the period the processor last reported.
func (r *record) period() (start, end time.Time, ok bool) {
	start, ok1 := parse(r.PeriodStart)
	end, ok2 := parse(r.PeriodEnd)
	return start, end, ok1 && ok2
}

// maxGranted bounds how many granted periods a record remembers: two
// years of renewals, far more than a processor keeps retrying a report.
const maxGranted = 24

// noteGrant records that the credits of the period ending at end were
// granted.
func (r *record) noteGrant(end time.Time) {
	at := clock.Format(end)
	if slices.Contains(r.Granted, at) {
		return
	}
	r.Granted = append(r.Granted, at)
	if n := len(r.Granted); n > maxGranted {
		r.Granted = slices.Clone(r.Granted[n-maxGranted:])
	}
}

// notePaid records that the processor's invoice id is paid; it reports
// whether that is news (false for an empty id or one already noted).
func (r *record) notePaid(id string) bool {
	if id == "" || slices.Contains(r.PaidInvoices, id) {
		return false
	}
	r.PaidInvoices = append(r.PaidInvoices, id)
	if n := len(r.PaidInvoices); n > maxGranted {
		r.PaidInvoices = slices.Clone(r.PaidInvoices[n-maxGranted:])
	}
	return true
}

// stale reports whether sub is about a period that ended before the
// recorded one began: its report was overtaken by a later period's
// (Stripe delivers webhooks in any order), and it changes nothing of the
// current state.
func (r *record) stale(sub payments.Subscription) bool {
	start, _, ok := r.period()
	return ok && !sub.PeriodStart.IsZero() && !sub.PeriodEnd.After(start)
}

// missedGrant reports whether stale sub's period is a renewal whose
// credits were never granted: its end is not among the granted periods,
// and it is a whole period (a Studio site's prorated invoice starts within
// one): it starts where a granted period ended, or it runs from one period
// boundary to the next (the period before it, reported after it, was not
// granted yet either: reports come in any order).
func (r *record) missedGrant(sub payments.Subscription) bool {
	if slices.Contains(r.Granted, clock.Format(sub.PeriodEnd)) {
		return false
	}
	return slices.Contains(r.Granted, clock.Format(sub.PeriodStart)) || wholePeriod(sub.PeriodStart, sub.PeriodEnd)
}

// wholePeriod reports whether [start, end) is a whole monthly period:
// end is the period end that follows a period ending at start, whose
// anchor's day is start's or, when start is its month's last day, the
// 31st (payments.NextPeriodEnd).
func wholePeriod(start, end time.Time) bool {
	return end.Equal(payments.NextPeriodEnd(start.AddDate(0, 0, -1), start)) || end.Equal(payments.NextPeriodEnd(start, start))
}

// maxRolls bounds how many unreported periods periodAt rolls over.
const maxRolls = 120

// periodAt returns the bounds of the period now falls in. A renewal is due
// the moment a period ends, but the processor reports it later (Stripe's
// webhook, the simulated processor's scheduled run): until it does, an
// active subscription that is not set to cancel is in the period the
// renewal starts, which begins at the reported end and keeps the anchor's
// day (payments.NextPeriodEnd), so nothing is ever priced or shown against
// an ended period. Other subscriptions keep the reported period.
func (r *record) periodAt(now time.Time) (start, end time.Time, ok bool) {
	start, end, ok = r.period()
	if !ok || r.Status != StatusActive || r.CancelAtPeriodEnd {
		return start, end, ok
	}
	for i := 0; i < maxRolls && !end.After(now); i++ {
		start, end = end, payments.NextPeriodEnd(start, end)
	}
	return start, end, true
}

func parse(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	t, err := clock.Parse(s)
	return t, err == nil
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
