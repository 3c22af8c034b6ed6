package catalog

import (
	"net/http"

	"rvcontent/shared/edge/routes"
)

// Param is a path parameter: its name, what it names, and the kind of
// value it takes (routes.ParamNamed, the one place that says so).
type Param struct {
	Name        string
	Description string
	// Public describes the parameter in the public API, when it names
	// something else there.
	Public string
	Kind   routes.ParamKind
}

// params describe every path parameter of the two APIs, by name. A path
// with a parameter missing here panics when the catalog is built.
var params = []Param{
	{Name: "id", Description: "The agent key's or OAuth connection's id (from list_agent_keys).", Public: "The finished article's id (from GET /articles); a value that is not a UUID answers 500."},
	{Name: "site_id", Description: "The site's id (from list_sites)."},
	{Name: "job_id", Description: "The job's id (from a 202 answer or list_jobs)."},
	{Name: "keyword_id", Description: "The keyword's id (from list_keywords)."},
	{Name: "article_id", Description: "The article's id (from list_articles)."},
	{Name: "integration_id", Description: "The integration's id, a platform name (from list_integrations)."},
	{Name: "key_id", Description: "The site key's id (from list_site_keys)."},
	{Name: "target_id", Description: "The backlink target's id (from list_backlink_targets)."},
	{Name: "placement_id", Description: "The placement's id (from list_backlink_placements)."},
	{Name: "thread_id", Description: "The forum thread's id (from list_forum_threads)."},
	{Name: "draft_id", Description: "The forum draft's id (from draft_forum_reply)."},
	{Name: "webhook_id", Description: "The webhook endpoint's id (from list_webhooks)."},
}

// paramNamed returns the path parameter called name in api, with its
// kind.
func paramNamed(api API, name string) Param {
	for _, p := range params {
		if p.Name == name {
			if api == PublicAPI && p.Public != "" {
				p.Description = p.Public
			}
			if rp, ok := routes.ParamNamed(name); ok {
				p.Kind = rp.Kind
			}
			return p
		}
	}
	panic("catalog: path parameter {" + name + "} has no kind: add it to params")
}

// Schema returns the parameter's value schema: a UUID, a platform name or
// a non-empty string.
func (p Param) Schema() *Schema {
	s := str(p.Description, 1, 0)
	switch p.Kind {
	case routes.IDParam:
		s.Format = "uuid"
	case routes.IntegrationParam:
		s.Enum = platforms()
	}
	return s
}

// Keyed reports whether requests of method take an Idempotency-Key: every
// POST, PATCH and DELETE of the agent API (the owner's dashboard sends one
// with every form, so a double submit has one effect).
func Keyed(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodDelete
}
