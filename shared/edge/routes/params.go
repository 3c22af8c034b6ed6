package routes

import (
	"strings"

	"rvcontent/shared/kernel/ids"
)

// ParamKind is what a path parameter holds. A value that is not of its
// parameter's kind cannot name anything, so the route answers not found
// before any lookup (and DynamoDB never sees a key it would refuse).
type ParamKind int

// Path parameter kinds.
const (
	// IDParam is an id the service issued: a UUID in canonical lowercase
	// form (ids.Issued).
	IDParam ParamKind = iota
	// IntegrationParam is a push platform's name (Platforms).
	IntegrationParam
	// TokenParam is the opaque token of a link a person opens (claim,
	// checkout, portal, connect): 1 to MaxToken characters of the URL-safe
	// base64 alphabet and ".".
	TokenParam
)

// Platforms are the integration ids: the push platforms (spec 4.2).
var Platforms = []string{"push_platform_1", "push_platform_2"}

// MaxToken bounds a page link's token; every token the service makes is
// far shorter.
const MaxToken = 512

// Param describes one path parameter: its name, kind, and the not-found
// message its resource answers (the same sentence as for an unknown id,
// so an impossible id and another account's id answer alike).
type Param struct {
	Name     string
	Kind     ParamKind
	NotFound string
}

// params is every checked path parameter of the table, by name: the one
// place that says what each may hold (a test keeps every route's
// parameters in it, and the messages equal the resources' own). The
// public API's {id} is not checked here: its handlers answer as its spec
// says.
var params = map[string]Param{
	"id":             {Kind: IDParam, NotFound: "No agent key or connection with that id on this account."},
	"job_id":         {Kind: IDParam, NotFound: "No job with that id on this account."},
	"site_id":        {Kind: IDParam, NotFound: "No site with that id on this account."},
	"webhook_id":     {Kind: IDParam, NotFound: "No webhook endpoint with that id on this account."},
	"article_id":     {Kind: IDParam, NotFound: "No article with that id on this site."},
	"keyword_id":     {Kind: IDParam, NotFound: "No keyword with that id on this site."},
	"key_id":         {Kind: IDParam, NotFound: "No site key with that id on this site."},
	"integration_id": {Kind: IntegrationParam, NotFound: "No integration with that id. Integrations are push_platform_1 and push_platform_2."},
	"target_id":      {Kind: IDParam, NotFound: "No backlink target with that id on this site."},
	"placement_id":   {Kind: IDParam, NotFound: "No backlink placement with that id on this site."},
	"thread_id":      {Kind: IDParam, NotFound: "No forum thread with that id on this site."},
	"draft_id":       {Kind: IDParam, NotFound: "No forum draft with that id on this site."},
	"token":          {Kind: TokenParam, NotFound: "This link is not valid. Ask for a new one."},
}

// ParamNamed returns the description of path parameter name, and whether
// it is one the table checks.
func ParamNamed(name string) (Param, bool) {
	p, ok := params[name]
	p.Name = name
	return p, ok
}

// Valid reports whether v can be a value of kind k.
func (k ParamKind) Valid(v string) bool {
	switch k {
	case IDParam:
		return ids.Issued(v)
	case IntegrationParam:
		for _, p := range Platforms {
			if v == p {
				return true
			}
		}
		return false
	case TokenParam:
		return v != "" && len(v) <= MaxToken && strings.Trim(v, tokenAlphabet) == ""
	}
	return false
}

const tokenAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."

// Checked reports whether the route's path parameters are checked before
// its handler runs: every route's but the public API's, whose handlers
// answer as its spec says.
func (r Route) Checked() bool { return r.Auth != SiteKey && len(r.Params()) > 0 }

// Impossible returns the first path parameter of the route whose value
// (read with value, as http.Request.PathValue does) cannot exist, and
// whether there is one.
func (r Route) Impossible(value func(name string) string) (Param, bool) {
	for _, name := range r.Params() {
		p, ok := ParamNamed(name)
		if !ok {
			panic("routes: path parameter {" + name + "} has no kind")
		}
		if !p.Kind.Valid(value(name)) {
			return p, true
		}
	}
	return Param{}, false
}
