package compose

import (
	"context"
	"time"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/studio"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// The billing parts: plan state and its gate, credits, Studio sites, and
// the payment processor's webhooks.
type (
	kCredits  struct{}
	kBilling  struct{}
	kGate     struct{}
	kStudio   struct{}
	kScans    struct{}
	kScanData struct{}
)

// Credits keeps each site's credit balances.
func Credits(g *Graph) *credits.Service {
	return once(g, kCredits{}, func() *credits.Service {
		return &credits.Service{Table: Table(g), Events: Events(g), Clock: g.Clock, Periods: periods{g}}
	})
}

// periods tells credits which period a site renewed into before the
// processor reported it, for credits: billing is composed when first
// needed, as it is built on credits.
type periods struct{ g *Graph }

// Renewed is billing's (credits.Periods).
func (p periods) Renewed(ctx context.Context, accountID, siteID string, held time.Time) (credits.Period, bool, error) {
	return Billing(p.g).Renewed(ctx, accountID, siteID, held)
}

// Billing runs the account's plan, trial and payments (without a payment
// processor, calls that need one answer unavailable).
func Billing(g *Graph) *billing.Service {
	return once(g, kBilling{}, func() *billing.Service {
		return &billing.Service{
			Table: Table(g), Clock: g.Clock, Events: Events(g), Credits: Credits(g), Sites: Sites(g),
			Processor: g.Payments, DashboardURL: g.Config.DashboardURL,
			Links:       &billing.Links{BaseURL: g.Config.BaseURL, Keys: g.Secret},
			SiteCharges: studioCharges{g},
		}
	})
}

// studioCharges completes the Studio site changes whose charge waited for
// the cardholder, for billing: the Studio service is composed when first
// needed, as it is built on billing.
type studioCharges struct{ g *Graph }

// SiteChargePaid is Studio's (billing.SiteCharges).
func (c studioCharges) SiteChargePaid(ctx context.Context, tx *dynamo.Tx, accountID string, ch billing.SiteChange, t billing.Terms, amount payments.Cents, now time.Time) error {
	return Studio(c.g).SiteChargePaid(ctx, tx, accountID, ch, t, amount, now)
}

// Gate decides whether an account meets what an endpoint needs.
func Gate(g *Graph) *billing.Gate {
	return once(g, kGate{}, func() *billing.Gate { return &billing.Gate{Billing: Billing(g), Sites: Sites(g)} })
}

// Studio adds, removes, archives and restores Studio sites.
func Studio(g *Graph) *studio.Service {
	return once(g, kStudio{}, func() *studio.Service {
		return &studio.Service{
			Table: Table(g), Clock: g.Clock, Billing: Billing(g), Sites: Sites(g), Credits: Credits(g),
			Events: Events(g), Jobs: Enqueuer(g), Counters: Counters(g), DashboardURL: g.Config.DashboardURL,
		}
	})
}

// ScanStore reads sites' scans.
func ScanStore(g *Graph) *scans.Store {
	return once(g, kScanData{}, func() *scans.Store { return &scans.Store{Table: Table(g), Sites: Sites(g)} })
}

// Scans starts scans (the daily no-plan limit asks billing whether the
// account has a trial or plan).
func Scans(g *Graph) *scans.Service {
	return once(g, kScans{}, func() *scans.Service {
		return &scans.Service{
			Table: Table(g), Clock: g.Clock, Jobs: Enqueuer(g), Counters: Counters(g), Sites: Sites(g), Store: ScanStore(g),
			PlanActive: Billing(g).PlanActive,
		}
	})
}
