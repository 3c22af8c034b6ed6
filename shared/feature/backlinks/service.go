package backlinks

import (
	"context"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
)

// Web is the outbound access the exchange needs: the egress client.
type Web interface {
	// Do sends one request; see egress.Client.Do.
	Do(ctx context.Context, req egress.Request) (*egress.Response, error)
	// LookupTXT returns the TXT records of name.
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

var _ Web = (*egress.Client)(nil)

// Limiter is the account's AI rate limit; Take answers rate_limited when
// the budget is spent.
type Limiter interface {
	Take(ctx context.Context, accountID string) (ratelimit.Window, error)
}

// MemberFunc reports whether a site is a member of the exchange now: its
// account is on the paid plan and the site is usable. Errors are internal.
type MemberFunc func(ctx context.Context, accountID, siteID string) (bool, error)

// SetBodyFunc sets an article's Markdown body and what derives from it
// (editing.SetBodyOn renders it and scores a finished article again on
// its site): placing and withdrawing a link change a host article's text.
// It is passed in rather than imported, so that a function that only
// reads the exchange's items (the public API asks for a site's verified
// domain) links no Markdown renderer.
type SetBodyFunc func(a *articles.Article, markdown string, site sites.Site)

// Service runs the backlink exchange.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Sites    *sites.Store
	Articles *articles.Store
	SetBody  SetBodyFunc
	Credits  *credits.Service
	Events   *eventlog.Writer
	Web      Web
	AI       Limiter
	Member   MemberFunc
}

// site returns the caller and its site siteID (not_found when the site is
// not the caller's), running reads of the site's own items at the same
// time (sites.Store.Within).
func (s *Service) site(ctx context.Context, siteID string, reads ...func(context.Context) error) (auth.Principal, sites.Site, error) {
	p, _ := auth.From(ctx)
	site, err := s.Sites.Within(ctx, p.AccountID, siteID, reads...)
	return p, site, err
}

// serviceActor is who the activity log names for the exchange's own work.
const serviceActor = "backlink exchange"
