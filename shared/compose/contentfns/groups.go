package contentfns

import (
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/compose/backlinksfn"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/edge/agentapi/contentapi"
	"rvcontent/shared/edge/routes"
)

// ContentHTTP is the content group: articles, writing, autopilot,
// keywords, research and rank, site keys, integrations and credits.
func ContentHTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.Content, compose.Merge(
		(&contentapi.Articles{Articles: Articles(g)}).Handlers(),
		(&contentapi.Writing{Articles: Articles(g), Writing: Writing(g), Publish: Publish(g)}).Handlers(),
		(&contentapi.Autopilot{Autopilot: Autopilot(g)}).Handlers(),
		(&contentapi.Keywords{Keywords: Keywords(g)}).Handlers(),
		(&contentapi.Research{Research: Research(g), Rank: Rank(g)}).Handlers(),
		(&contentapi.SiteKeys{Keys: contentbase.SiteKeys(g)}).Handlers(),
		(&contentapi.Integrations{Integrations: Integrations(g)}).Handlers(),
		(&contentapi.Credits{Service: compose.Credits(g), Sites: compose.Sites(g)}).Handlers()), nil)
}

// HTTP returns the handler of an endpoint group composed here or in
// compose (every group but the owner's pages, the MCP server and the
// payment processor's webhooks, which have their own packages): the dev
// stack serves every group through it. A function calls its own group's
// function instead (compose.AccountsHTTP, ContentHTTP, ...), so it links
// that group's side only.
func HTTP(g *compose.Graph, group routes.Group) http.Handler {
	switch group {
	case routes.Accounts:
		return compose.AccountsHTTP(g)
	case routes.Sites:
		return compose.SitesHTTP(g)
	case routes.Content:
		return ContentHTTP(g)
	case routes.Backlinks:
		return backlinksfn.BacklinksHTTP(g)
	case routes.Forum:
		return contentbase.ForumHTTP(g)
	case routes.Billing:
		return compose.BillingHTTP(g)
	case routes.Events:
		return compose.EventsHTTP(g)
	case routes.Public:
		return contentbase.PublicHTTP(g)
	case routes.OAuth:
		return compose.OAuthHTTP(g)
	}
	panic("compose: group " + string(group) + " is composed in its own package")
}
