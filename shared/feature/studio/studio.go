// Package studio runs the life of Studio sites, the extra paid sites of an
// account (spec 2 Site, 3, 4.5): adding one charges the card the prorated
// price at once and only a successful charge creates it (pending while the
// charge is in flight); removing schedules its archival at the end of the
// paid period; restoring cancels a scheduled removal for free, or brings an
// archived site back for a prorated charge. Each change holds the account's
// site-change lock (package billing), so the subscription's quantity moves
// one change at a time.
package studio

import (
	"math"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// Service runs the Studio site use cases.
type Service struct {
	Table   *dynamo.Table
	Clock   clock.Clock
	Billing *billing.Service
	Sites   *sites.Store
	Credits *credits.Service
	Events  *eventlog.Writer
	Jobs    *jobs.Enqueuer
	// Counters count scans toward the daily quota, like every scan.
	Counters *ratelimit.Counters
	// DashboardURL starts each site's dashboard_url.
	DashboardURL string
}

// AddInput is the body of POST /sites, validated.
type AddInput struct {
	SiteURL       string
	SiteName      string
	Description   *string
	LogoURL       *string
	ProrationDate *int64
}

// ParseAdd reads and checks the body of POST /sites (spec 4.5), reporting
// every invalid field.
func ParseAdd(o *input.Object) (AddInput, error) {
	var in AddInput
	in.SiteURL, _ = o.String("site_url", true, input.MaxLen(sites.MaxWebsiteURL), weburl.Check(false))
	in.SiteName, _ = o.String("site_name", true, input.SingleLine, input.Len(1, sites.MaxBrandName))
	if v, ok := o.String("site_description", false, input.MultiLine, input.MaxLen(sites.MaxProductDescription)); ok && v != "" {
		in.Description = &v
	}
	if v, ok := o.String("logo_url", false, input.MaxLen(sites.MaxAvatarURL), weburl.Check(true)); ok && v != "" {
		in.LogoURL = &v
	}
	in.ProrationDate = prorationDate(o)
	return in, o.Err()
}

// ParseRestore reads the optional proration_date of a restore.
func ParseRestore(o *input.Object) (*int64, error) {
	d := prorationDate(o)
	return d, o.Err()
}

// MaxProrationDate bounds proration_date (Unix seconds).
const MaxProrationDate = 1 << 40

// prorationDate reads the optional proration_date: a time as Unix
// seconds, which only a Studio quote gives.
func prorationDate(o *input.Object) *int64 {
	v, ok := o.Int("proration_date", false, math.MinInt, math.MaxInt)
	if !ok {
		return nil
	}
	if v < 0 || v > MaxProrationDate {
		o.Problem("proration_date", "must be the proration_date of a Studio quote, a time in Unix seconds")
		return nil
	}
	d := int64(v)
	return &d
}

// open refuses a charged Studio change when Studio is closed: the paid
// plan is required (trial, no plan, payment failed, lapsed), or the
// subscription is set to end (conflict: nothing to add a site to).
func open(t billing.Terms) error {
	switch t.Block {
	case "":
		return nil
	case billing.BlockCanceling:
		return apperr.New(apperr.Conflict, "The subscription is set to end at the period's end. The owner can resume it in the billing portal (POST /billing/portal) first.")
	case billing.BlockTrialing:
		if t.TrialEnding {
			return apperr.New(apperr.PaidPlanRequired, "Studio sites need the paid plan; a trial does not count. "+billing.TrialEndingAdvice)
		}
		if t.TrialOver {
			return apperr.New(apperr.PaidPlanRequired, "Studio sites need the paid plan; a trial does not count. "+billing.TrialOverAdvice)
		}
		return apperr.New(apperr.PaidPlanRequired, "Studio sites need the paid plan; a trial does not count. End the trial now with POST /billing/activate.")
	case billing.BlockPastDue:
		return apperr.New(apperr.PaidPlanRequired, "The last payment failed. The owner must update the card (POST /billing/portal) first.")
	}
	return apperr.New(apperr.PaidPlanRequired, "Studio sites need the paid plan. Start it with POST /billing/checkout.")
}

// prorationProblem turns a bad proration_date into validation_failed.
func prorationProblem(problem string) error {
	return apperr.Invalid(apperr.Problem{Field: "proration_date", Problem: problem})
}

// chargeKey is the processor idempotency key of a charged change: the
// request's Idempotency-Key when sent, so a retry after a failure charges
// at most once, and the change's own id otherwise.
func chargeKey(what, accountID, requestKey, changeID string) string {
	if requestKey != "" {
		return what + ":" + accountID + ":" + requestKey
	}
	return what + ":" + accountID + ":" + changeID
}
