package catalog

import (
	"net/http"

	"rvcontent/shared/edge/routes"
)

// Param is a path parameter: its name, the kind of value it takes and what
// it names.
type Param struct {
	Name        string
	Kind        routes.ParamKind
	Description string
}

// params are every path parameter of the two APIs, by name. A path with
// a parameter missing here panics when the catalog is built, so each
// parameter has a kind.
var params = []Param{
	{"id", routes.UUIDParam, "The agent key's or OAuth connection's id (from list_agent_keys); in the public API, the article's id."},
	{"site_id", routes.UUIDParam, "The site's id (from list_sites)."},
	{"job_id", routes.UUIDParam, "The job's id (from a 202 answer or list_jobs)."},
	{"keyword_id", routes.UUIDParam, "The keyword's id (from list_keywords)."},
	{"article_id", routes.UUIDParam, "The article's id (from list_articles)."},
	{"integration_id", routes.PlatformParam, "The integration's id, a platform name (from list_integrations)."},
	{"key_id", routes.UUIDParam, "The site key's id (from list_site_keys)."},
	{"target_id", routes.UUIDParam, "The backlink target's id (from list_backlink_targets)."},
	{"placement_id", routes.UUIDParam, "The placement's id (from list_backlink_placements)."},
	{"thread_id", routes.UUIDParam, "The forum thread's id (from list_forum_threads)."},
	{"draft_id", routes.UUIDParam, "The forum draft's id (from draft_forum_reply)."},
	{"webhook_id", routes.UUIDParam, "The webhook endpoint's id (from list_webhooks)."},
}

// paramNamed returns the path parameter called name.
func paramNamed(name string) Param {
	for _, p := range params {
		if p.Name == name {
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
	case routes.UUIDParam:
		s.Format = "uuid"
	case routes.PlatformParam:
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
