package billing

import (
	"context"
	"fmt"
	"time"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
)

// Studio quote blocks (spec 2 Studio quote): why a Studio site cannot be
// added now; empty when it can.
const (
	BlockNoPlan    = "no_plan"
	BlockTrialing  = "trialing"
	BlockPastDue   = "past_due"
	BlockCanceling = "canceling"
	BlockLapsed    = "lapsed"
)

// ProrationLock is how long a quote's proration_date holds its price.
const ProrationLock = 30 * time.Minute

// QuoteAllowance is a Studio site's allowance per period, under the quote's
// published key names.
type QuoteAllowance struct {
	Articles        int `json:"articles"`
	BacklinkCredits int `json:"backlink_credits"`
	RedditReplies   int `json:"reddit_replies"`
}

// Quote is the price of one more Studio site (GET /billing/studio-quote).
type Quote struct {
	Block         *string        `json:"block"`
	Message       string         `json:"message"`
	PricePerSite  payments.Cents `json:"price_per_site"`
	DueToday      payments.Cents `json:"due_today"`
	ProrationDate int64          `json:"proration_date"`
	RenewsAt      *string        `json:"renews_at"`
	Allowance     QuoteAllowance `json:"allowance"`
	StudioSites   int            `json:"studio_sites"`
	MonthlyAfter  payments.Cents `json:"monthly_after"`
	// Currency is the currency of price_per_site, due_today and
	// monthly_after: money is a number next to currency usd (spec 2).
	Currency string         `json:"currency"`
	Card     *payments.Card `json:"card"`
}

// Quote prices one more Studio site now: due_today is the prorated charge
// for the rest of the period now falls in (a period that ended is renewed,
// see periodAt) at proration_date (now, to the second), which
// POST /sites charges exactly when given that proration_date within
// ProrationLock. While Studio is blocked nothing can be charged, and
// due_today is 0.
func (s *Service) Quote(ctx context.Context, accountID string) (Quote, error) {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return Quote{}, err
	}
	at := s.Clock.Now().Truncate(time.Second)
	a := credits.StudioAllowance
	q := Quote{
		PricePerSite: payments.StudioSiteCents, ProrationDate: at.Unix(), Currency: payments.Currency,
		Allowance:   QuoteAllowance{a.Articles, a.BacklinkCredits, a.ForumReplies},
		StudioSites: r.StudioSites, Card: r.Card,
		MonthlyAfter: payments.PlanCents + payments.Cents(r.StudioSites+1)*payments.StudioSiteCents,
	}
	t := r.terms(at)
	if block := t.Block; block != "" {
		q.Block = &block
	}
	if r.current() && !r.CancelAtPeriodEnd { // one set to end does not renew
		q.RenewsAt = opt(r.PeriodEnd)
		if !t.PeriodEnd.IsZero() {
			q.RenewsAt = opt(clock.Format(t.PeriodEnd))
		}
	}
	if t.Block == "" {
		q.DueToday = t.Due(at)
	}
	q.Message = quoteMessage(t, q.DueToday, q.RenewsAt)
	return q, nil
}

func quoteMessage(t Terms, due payments.Cents, renews *string) string {
	switch t.Block {
	case BlockNoPlan:
		return "Studio sites need the paid plan. Start it with POST /billing/checkout."
	case BlockTrialing:
		if t.TrialEnding {
			return "Studio sites need the paid plan; a trial does not count. " + TrialEndingAdvice
		}
		if t.TrialOver {
			return "Studio sites need the paid plan; a trial does not count. " + TrialOverAdvice
		}
		return "Studio sites need the paid plan; a trial does not count. End the trial now with POST /billing/activate."
	case BlockPastDue:
		return "The last payment failed. The owner must update the card (POST /billing/portal) before a Studio site can be added."
	case BlockCanceling:
		return "The subscription is set to end at the period's end. The owner can resume it in the billing portal (POST /billing/portal) before adding a Studio site."
	case BlockLapsed:
		return "The subscription ended. Start the plan again with POST /billing/checkout."
	}
	msg := fmt.Sprintf("Adding a Studio site charges %s USD now for the rest of this period, then %s USD a month.", due, payments.StudioSiteCents)
	if renews != nil {
		msg += " The period renews at " + *renews + "."
	}
	return msg
}

// Terms are what a Studio site change needs to know of the subscription.
type Terms struct {
	SubscriptionRef        string
	PeriodStart, PeriodEnd time.Time
	StudioSites            int
	// Block says why Studio is closed; empty when open.
	Block string
	// TrialEnding says a trial (Block trialing) is set to end instead of
	// becoming the plan: it cannot be activated until it is resumed.
	TrialEnding bool
	// TrialOver says a trial (Block trialing) has passed its end, which the
	// processor has not reported yet: it cannot be activated any more.
	TrialOver bool
}

// Due returns the prorated price of one Studio site from at to the period's
// end.
func (t Terms) Due(at time.Time) payments.Cents {
	if t.PeriodEnd.IsZero() {
		return 0
	}
	return payments.Prorate(payments.StudioSiteCents, t.PeriodStart, t.PeriodEnd, at)
}

// terms returns r's Studio terms at now: the period is the one now falls
// in (periodAt), never an ended one.
func (r *record) terms(now time.Time) Terms {
	t := Terms{SubscriptionRef: r.SubscriptionRef, StudioSites: r.StudioSites}
	if r.current() {
		t.PeriodStart, t.PeriodEnd, _ = r.periodAt(now)
	}
	switch {
	case r.Status == StatusNone:
		t.Block = BlockNoPlan
	case r.Status == StatusTrialing:
		t.Block, t.TrialEnding, t.TrialOver = BlockTrialing, r.CancelAtPeriodEnd, r.trialOver(now)
	case r.Status == StatusPastDue:
		t.Block = BlockPastDue
	case r.Status == StatusCanceled:
		t.Block = BlockLapsed
	case r.CancelAtPeriodEnd:
		t.Block = BlockCanceling
	}
	return t
}

// ProrationDate checks a proration_date sent to POST /sites or restore:
// it must come from a quote of the last ProrationLock and fall in the
// current period. It returns the time to prorate from (now when none was
// sent) and a sentence saying what is wrong, or "".
func (t Terms) ProrationDate(sent *int64, now time.Time) (time.Time, string) {
	now = now.Truncate(time.Second)
	if sent == nil {
		return now, ""
	}
	at := time.Unix(*sent, 0).UTC()
	switch {
	case at.After(now):
		return now, "is in the future; use the proration_date of GET /billing/studio-quote"
	case now.Sub(at) > ProrationLock:
		return now, "is older than 30 minutes; get a new quote from GET /billing/studio-quote"
	case at.Before(t.PeriodStart.Truncate(time.Second)):
		return now, "is from an earlier billing period; get a new quote from GET /billing/studio-quote"
	}
	return at, ""
}
