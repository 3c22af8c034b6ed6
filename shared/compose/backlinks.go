package compose

import (
	"context"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/egress"
)

// wireBacklinks wires the backlink exchange: its endpoints (changes need
// the paid plan, through the gate) and its scheduled work, in this order
// each run: domain re-checks, due placement steps (placing reservations
// into host articles, link checks, expiries), then the matcher, so a
// reservation is placed at the run after it was made.
func (a *App) wireBacklinks() {
	web := a.Egress
	if web == nil {
		web = egress.New(egress.Options{UserAgent: UserAgent})
	}
	a.Backlinks = &backlinks.Service{
		Table: a.Table, Clock: a.Clock, Sites: a.Sites, Articles: a.ArticleStore, Credits: a.Credits,
		Events: a.Events, Web: web, AI: a.AI, Member: a.exchangeMember,
	}
	a.register((&agentapi.Backlinks{Service: a.Backlinks}).Handlers())
	a.Scheduler.Tasks = append(a.Scheduler.Tasks,
		scheduler.Task{Name: "backlinks.domains", Run: a.Backlinks.RecheckDomains},
		scheduler.Task{Name: "backlinks.placements", Run: a.Backlinks.RunDue},
		scheduler.Task{Name: "backlinks.match", Run: a.Backlinks.Match},
	)
}

// exchangeMember reports whether a site takes part in the exchange now:
// the account is on the paid plan and the site is usable.
func (a *App) exchangeMember(ctx context.Context, accountID, siteID string) (bool, error) {
	err := a.Gate.Check(ctx, accountID, siteID, billing.NeedPaidPlan)
	switch apperr.CodeOf(err) {
	case "":
		return true, nil
	case apperr.PaidPlanRequired, apperr.SubscriptionRequired, apperr.NotFound:
		return false, nil
	}
	return false, err
}
