// Package catalog is the service's one endpoint catalog: one entry per
// operation of the agent API and the public articles API, with its method,
// path, Lambda group, plan requirement, summary, request schema (whose
// limits are the domain's own constants), response schema, the errors it
// can answer, and its MCP tool name and description.
//
// Everything else that describes an endpoint comes from here: the route
// table of package routes (generated Go, read by the CDK stack, the dev
// stack, the handler binding and the plan gate), the MCP tools' input and
// output schemas, the two OpenAPI 3.1 documents the service serves, and
// the README's MCP table. `make generate` (go run ./shared/edge/catalog/gen)
// writes the generated files; tests fail when one differs from what the
// catalog makes. Adding an endpoint means adding one entry here, running
// make generate, and binding one handler to its route.
//
// The catalog is built at first use. Only the generator and tests link it:
// the functions link what it makes (the generated route table; the
// OpenAPI documents and the MCP bundle as embedded files), so a function
// stays small and starts quickly.
package catalog

import (
	"net/http"
	"strings"
	"sync"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
)

// API is one of the service's two HTTP APIs.
type API int

// The two APIs.
const (
	AgentAPI  API = iota // {base_url}/api/agent/v1, agent keys and OAuth tokens
	PublicAPI            // {base_url}/api/public/v1, site keys
)

// Base returns the API's root path.
func (a API) Base() string {
	if a == PublicAPI {
		return routes.PublicBase
	}
	return routes.AgentBase
}

// Operation is one endpoint of an API.
type Operation struct {
	// ID names the operation: the OpenAPI operationId, the MCP tool's name
	// (agent API) and, in CamelCase, the route's Go name in package routes.
	ID     string
	API    API
	Method string
	// Path is relative to the API's root, with {name} parameters.
	Path  string
	Group routes.Group
	// Needs is the spec's Needs column (4.2) and whether the path's site
	// must be usable on the plan.
	Needs billing.Requirement
	// Anonymous marks the one agent-API operation that takes no
	// credential (POST /accounts); it is no MCP tool.
	Anonymous bool
	// Summary is the spec's purpose of the endpoint.
	Summary string
	// Description says what the operation does, for the MCP tool and the
	// OpenAPI document.
	Description string
	// Tag is the area of the API the operation belongs to.
	Tag string
	// Query and Body are the query parameters and the JSON body's
	// properties; a body with none is no request body.
	Query []Field
	Body  []Field
	// Status is the success status; Response its body.
	Status   int
	Response *Schema
	// Fails are the errors the operation can answer beyond those every
	// operation of its kind can (see errorsOf).
	Fails []Error
	// Example is a request body and answer for the main operations.
	Example *Example
	// Beyond marks an operation the spec's index does not list.
	Beyond bool
}

// Example is an example request body (nil when none) and success answer.
type Example struct {
	Request  any
	Response any
}

// Params returns the operation's path parameters, in order.
func (o Operation) Params() []Param {
	var out []Param
	for _, seg := range strings.Split(o.Path, "/") {
		if name, ok := strings.CutPrefix(seg, "{"); ok {
			out = append(out, paramNamed(o.API, strings.TrimSuffix(name, "}")))
		}
	}
	return out
}

// BodyRequired reports whether the operation's body has a required field.
func (o Operation) BodyRequired() bool {
	for _, f := range o.Body {
		if f.Required {
			return true
		}
	}
	return false
}

// BodySchema is the schema of the operation's JSON body: an object of its
// fields. The service reads an empty body, or null, as {}, so a body
// without a required field may be null; and it reads an optional field of
// a POST sent as null as absent, except a boolean or a field marked
// NotNull. (A PATCH field says itself whether null clears it; its default
// is said in words, since a field a PATCH omits keeps its value.)
func (o Operation) BodySchema() *Schema {
	fields := o.Body
	if o.Method == http.MethodPatch {
		fields = make([]Field, len(o.Body))
		for i, f := range o.Body {
			fields[i] = f.defaultInWords()
		}
	}
	if o.Method == http.MethodPost {
		fields = make([]Field, len(o.Body))
		for i, f := range o.Body {
			if !f.Required && !f.NotNull && f.Schema.Type != "boolean" && !f.Schema.Nullable {
				f = f.nullable()
			}
			fields[i] = f
		}
	}
	s := objectOf(fields)
	s.Nullable = !o.BodyRequired()
	return s
}

// FullDescription is the description plus what the operation needs (the
// spec's Needs column): the text the OpenAPI documents, the MCP tool and
// the README give.
func (o Operation) FullDescription() string {
	d := o.Description
	switch o.Needs.Need {
	case billing.NeedTrialOrPlan:
		d += " Needs: trial or plan."
	case billing.NeedPaidPlan:
		d += " Needs: paid plan."
	case billing.NeedTrial:
		d += " Needs: trial."
	}
	return d
}

// FullPath is the operation's path from the base URL.
func (o Operation) FullPath() string { return o.API.Base() + o.Path }

// Key is the operation's route key ("GET /api/agent/v1/account").
func (o Operation) Key() string { return o.Method + " " + o.FullPath() }

// IsTool reports whether the operation is an MCP tool: every agent-API
// operation that takes a credential.
func (o Operation) IsTool() bool { return o.API == AgentAPI && !o.Anonymous }

// Auth is the credential the operation takes.
func (o Operation) Auth() routes.Auth {
	switch {
	case o.API == PublicAPI:
		return routes.SiteKey
	case o.Anonymous:
		return routes.None
	}
	return routes.Agent
}

// Operations returns every operation of both APIs: the agent API's in the
// order of the spec's index (areas in turn), then the public API's. The
// catalog is built once, at first use.
func Operations() []Operation { return all() }

var all = sync.OnceValue(func() []Operation {
	var out []Operation
	for _, area := range []func() []Operation{
		accountOps, siteOps, contentOps, writingOps, publishingOps, backlinkOps, forumOps, billingOps, eventOps, publicOps,
	} {
		out = append(out, area()...)
	}
	return out
})

// Of returns the operations of api, in catalog order.
func Of(api API) []Operation {
	var out []Operation
	for _, o := range Operations() {
		if o.API == api {
			out = append(out, o)
		}
	}
	return out
}

// Tools returns the operations that are MCP tools, in catalog order.
func Tools() []Operation {
	var out []Operation
	for _, o := range Operations() {
		if o.IsTool() {
			out = append(out, o)
		}
	}
	return out
}

// ByID returns the operation named id.
func ByID(id string) (Operation, bool) {
	for _, o := range Operations() {
		if o.ID == id {
			return o, true
		}
	}
	return Operation{}, false
}
