// Package backlinksfn composes the backlink exchange: its part, which
// places links in host articles (so it renders Markdown), and the
// exchange's endpoint group (BacklinksHTTP), without the rest of the
// content side; the jobs worker and the scheduler take its part too.
package backlinksfn

import (
	"context"
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/edge/agentapi/exchangeapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
)

// kBacklinks is the exchange's part.
type kBacklinks struct{}

// Backlinks runs the backlink exchange.
func Backlinks(g *compose.Graph) *backlinks.Service {
	return compose.Once(g, kBacklinks{}, func() *backlinks.Service {
		return &backlinks.Service{
			Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Articles: contentbase.ArticleStore(g), SetBody: editing.SetBodyOn, Credits: compose.Credits(g),
			Events: compose.Events(g), Web: compose.Egress(g), AI: compose.AI(g), Member: exchangeMember(g),
		}
	})
}

// exchangeMember reports whether a site takes part in the backlink exchange
// now: the account is on the paid plan and the site is usable.
func exchangeMember(g *compose.Graph) func(ctx context.Context, accountID, siteID string) (bool, error) {
	gate := compose.Gate(g)
	return func(ctx context.Context, accountID, siteID string) (bool, error) {
		err := gate.Check(ctx, accountID, siteID, billing.NeedPaidPlan)
		switch apperr.CodeOf(err) {
		case "":
			return true, nil
		case apperr.PaidPlanRequired, apperr.SubscriptionRequired, apperr.NotFound:
			return false, nil
		}
		return false, err
	}
}

// BacklinksHTTP is the backlink exchange's group.
func BacklinksHTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.Backlinks, (&exchangeapi.Backlinks{Service: Backlinks(g)}).Handlers(), nil)
}
