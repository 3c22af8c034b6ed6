package mcpserver

import "rvcontent/shared/edge/routes"

// Catalog returns the spec of every agent-API endpoint's tool, area by
// area. A route of the route table without a spec still becomes a tool,
// with a generated name (see fallbackSpec); a test requires a spec for
// every route.
func Catalog() []Spec {
	var all []Spec
	for _, area := range [][]Spec{accountTools, siteTools, contentTools, publishingTools, backlinkTools, forumTools, billingTools, eventTools} {
		all = append(all, area...)
	}
	return all
}

// routeKey spells an agent-API route key from a method and a path relative
// to routes.AgentBase.
func routeKey(method, path string) string { return method + " " + routes.AgentBase + path }

// IdempotencyArgument is the tool argument sent as the Idempotency-Key
// header of a POST.
const IdempotencyArgument = "idempotency_key"

// idempotencyField is the idempotency_key argument every POST tool takes.
func idempotencyField() Field {
	return text(IdempotencyArgument, "Sent as the Idempotency-Key header: the same key with the same input within 24 hours replays the first answer instead of running again. Use it on calls that spend credits or money.", 1, 255)
}

// pathParams describes the path parameters by name.
var pathParams = map[string]string{
	"id":             "The agent key's or OAuth connection's id (from list_agent_keys).",
	"site_id":        "The site's id (from list_sites).",
	"job_id":         "The job's id (from a 202 answer or list_jobs).",
	"keyword_id":     "The keyword's id (from list_keywords).",
	"article_id":     "The article's id (from list_articles).",
	"integration_id": "The integration's id, a platform name (from list_integrations).",
	"key_id":         "The site key's id (from list_site_keys).",
	"target_id":      "The backlink target's id (from list_backlink_targets).",
	"placement_id":   "The placement's id (from list_backlink_placements).",
	"thread_id":      "The forum thread's id (from list_forum_threads).",
	"draft_id":       "The forum draft's id (from draft_forum_reply).",
	"webhook_id":     "The webhook endpoint's id (from list_webhooks).",
}

// pathParam is the required string argument of path parameter name.
func pathParam(name string) Field {
	desc, ok := pathParams[name]
	if !ok {
		desc = "The " + name + " in the endpoint's path."
	}
	return text(name, desc, 1, 0).required()
}
