package catalog

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"rvcontent/shared/feature/idempotency"
)

// OpenAPIVersion is the version of OpenAPI the documents follow.
const OpenAPIVersion = "3.1.0"

// DocumentVersion is the documents' info.version: the APIs' version.
const DocumentVersion = "1.0.0"

// OpenAPIFiles are the generated documents, relative to the repository's
// root, by API: the service serves them at AgentOpenAPIPath and
// PublicOpenAPIPath of package routes (package openapi embeds them).
var OpenAPIFiles = map[API]string{
	AgentAPI:  "shared/edge/openapi/agent-api.json",
	PublicAPI: "shared/edge/openapi/public-articles-api.json",
}

// OpenAPI returns the OpenAPI 3.1 document of api as indented JSON: every
// operation of the catalog with its parameters, request body, success
// answer and the errors it can answer (each referring to the one error
// schema), the security schemes, and examples.
func OpenAPI(api API) ([]byte, error) {
	b, err := json.MarshalIndent(document(api), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// document builds the document of api as JSON values.
func document(api API) map[string]any {
	refs := NewRefs("#/components/schemas/")
	paths := map[string]any{}
	var tags []any
	seenTag := map[string]bool{}
	for _, o := range Of(api) {
		item, _ := paths[o.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[o.Path] = item
		}
		item[strings.ToLower(o.Method)] = operation(o, refs)
		if !seenTag[o.Tag] {
			seenTag[o.Tag] = true
			tags = append(tags, map[string]any{"name": o.Tag})
		}
	}
	schemas := refs.Defs()
	doc := map[string]any{
		"openapi": OpenAPIVersion,
		"servers": []any{map[string]any{"url": api.Base(), "description": "Relative to the service's base URL, where this document is served."}},
		"tags":    tags,
		"paths":   paths,
	}
	components := map[string]any{"schemas": schemas, "headers": headerComponents(api), "responses": errorResponses(api)}
	if api == PublicAPI {
		doc["info"] = map[string]any{
			"title":       "Public articles API",
			"version":     DocumentVersion,
			"description": "Websites, CMS plugins and build pipelines read the finished articles of one site and report where each went live, with a site key (rv_live_...). Errors are {error} (402 adds code subscription_required); 429 answers carry no Retry-After. Every answer carries CORS headers.",
		}
		schemas["PublicError"] = publicErrorSchema()
		components["securitySchemes"] = map[string]any{
			"siteKey":       map[string]any{"type": "http", "scheme": "bearer", "description": "A site key (rv_live_ plus 48 lowercase hex characters) as Authorization: Bearer <SITE_KEY>."},
			"siteKeyHeader": map[string]any{"type": "apiKey", "in": "header", "name": "X-Api-Key", "description": "The site key in X-Api-Key, read when no Authorization header is sent."},
		}
		doc["security"] = []any{map[string]any{"siteKey": []any{}}, map[string]any{"siteKeyHeader": []any{}}}
	} else {
		doc["info"] = map[string]any{
			"title":       "Agent API",
			"version":     DocumentVersion,
			"description": agentDescription,
		}
		schemas["Error"] = errorSchema()
		components["securitySchemes"] = map[string]any{
			"agentKey": map[string]any{"type": "http", "scheme": "bearer", "description": "An agent key (rv_agent_ plus 48 lowercase hex characters) as Authorization: Bearer <key>."},
			"oauth": map[string]any{
				"type": "oauth2",
				"description": "OAuth 2.1 (authorization code with PKCE S256, dynamic client registration at /oauth/register). " +
					"Discovery: /.well-known/oauth-protected-resource (RFC 9728) and /.well-known/oauth-authorization-server (RFC 8414). " +
					"The access token (a JWT, 1 hour) works on this API and on the MCP server at /mcp; scopes only add identity claims.",
				"flows": map[string]any{"authorizationCode": map[string]any{
					"authorizationUrl": "/oauth/authorize",
					"tokenUrl":         "/oauth/token",
					"refreshUrl":       "/oauth/token",
					"scopes":           map[string]any{"account": "Full access to the account and all its sites.", "email": "Adds the owner's email to the token's claims."},
				}},
			},
		}
		doc["security"] = []any{map[string]any{"agentKey": []any{}}, map[string]any{"oauth": []any{}}}
	}
	doc["components"] = components
	return doc
}

// agentDescription is the agent API document's description.
const agentDescription = "Agents create an account for a website, then scan it, research keywords, write, score and publish articles, " +
	"trade backlinks, draft forum replies for a person to post, and bill the owner. Every agent endpoint is also an MCP tool at /mcp " +
	"(the tool's name is each operation's operationId and x-mcp-tool). Errors are {error, code, details?, action_url?}; " +
	"every answer carries X-Request-Id and X-RateLimit-*; every POST, PATCH and DELETE takes Idempotency-Key; asynchronous work answers 202 {job}."

// operation renders o as an OpenAPI operation object.
func operation(o Operation, refs *Refs) map[string]any {
	op := map[string]any{
		"operationId": o.ID,
		"summary":     capitalize(o.Summary),
		"description": o.FullDescription(),
		"tags":        []any{o.Tag},
		"responses":   responses(o, refs),
	}
	if o.Beyond {
		op["description"] = o.FullDescription() + " Beyond the specification's endpoint index."
	}
	if o.IsTool() {
		op["x-mcp-tool"] = o.ID
	}
	if o.Anonymous {
		op["security"] = []any{}
	}
	var params []any
	for _, p := range o.Params() {
		params = append(params, map[string]any{"name": p.Name, "in": "path", "required": true, "description": p.Description, "schema": p.Schema().JSON(refs)})
	}
	for _, f := range o.Query {
		schema := f.Schema
		if f.Comma {
			schema = passesOverEmpty(schema)
		}
		q := map[string]any{"name": f.Name, "in": "query", "schema": schema.JSON(refs)}
		if f.Schema.Description != "" {
			q["description"] = f.Schema.Description
		}
		if f.Required {
			q["required"] = true
		} else {
			// The service reads an empty value (limit=) as absent.
			q["allowEmptyValue"] = true
		}
		if f.Comma {
			q["style"], q["explode"] = "form", false
		}
		params = append(params, q)
	}
	if o.API == AgentAPI && Keyed(o.Method) {
		params = append(params, map[string]any{
			"name": "Idempotency-Key", "in": "header",
			"description": "The same key with the same body within 24 hours replays the first answer (with Idempotent-Replayed: true) instead of running again.",
			"schema":      map[string]any{"type": "string", "minLength": 1, "maxLength": idempotency.MaxKeyLength},
		})
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	if len(o.Body) > 0 {
		media := map[string]any{"schema": o.BodySchema().JSON(refs)}
		if o.Example != nil && o.Example.Request != nil {
			media["example"] = o.Example.Request
		}
		op["requestBody"] = map[string]any{"required": o.BodyRequired(), "content": map[string]any{"application/json": media}}
	}
	return op
}

// passesOverEmpty returns the schema of s, a comma-separated list filter,
// as the OpenAPI document states it: the service passes empty values over
// (?status=a, reads as status=a, and ?types=, filters nothing; README
// "Conventions"), so an item may also be empty, and trims each value
// (?status=a,%20b reads as status=a,b, as people write a list), so an
// item of an enum is one of its values with any spaces around it: a
// pattern, the values listed in its description.
func passesOverEmpty(s *Schema) *Schema {
	c := s.clone()
	if c.Items != nil {
		c.Items.MinLength = nil
		if values := c.Items.Enum; len(values) > 0 {
			quoted := make([]string, len(values))
			for i, v := range values {
				quoted[i] = regexp.QuoteMeta(v)
			}
			c.Items.Enum = nil
			c.Items.Pattern = `^\s*(?:` + strings.Join(quoted, "|") + `)?\s*$`
			c.Items.Description = strings.TrimSpace(c.Items.Description + " One of " + strings.Join(values, ", ") + "; spaces around a value are ignored.")
		}
	}
	return c
}

// responses renders the success answer and every error answer of o.
func responses(o Operation, refs *Refs) map[string]any {
	out := map[string]any{}
	success := map[string]any{"description": "Success.", "headers": headers(o, o.Status)}
	media := map[string]any{"schema": o.Response.JSON(refs)}
	if o.Example != nil {
		ex := o.Example.Response
		if ex == nil {
			ex = exampleOf(o.Response)
		}
		media["example"] = ex
	}
	success["content"] = map[string]any{"application/json": media}
	out[strconv.Itoa(o.Status)] = success
	generic := errorDescriptions(genericOperation(o.API).Errors())
	for s, desc := range errorDescriptions(o.Errors()) {
		ref := map[string]any{"$ref": "#/components/responses/" + errorResponseName(s)}
		if desc != generic[s] {
			ref["description"] = desc
		}
		out[strconv.Itoa(s)] = ref
	}
	return out
}

// headers are the response headers the specs name for an answer of o
// with status.
func headers(o Operation, status int) map[string]any {
	ref := func(name string) map[string]any { return map[string]any{"$ref": "#/components/headers/" + name} }
	h := map[string]any{}
	if o.API == PublicAPI {
		h["Access-Control-Allow-Origin"] = ref("Access-Control-Allow-Origin")
		h["X-Request-Id"] = ref("X-Request-Id")
		return h
	}
	for _, name := range []string{"X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} {
		h[name] = ref(name)
	}
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		h["Retry-After"] = ref("Retry-After")
	}
	if Keyed(o.Method) {
		h["Idempotent-Replayed"] = ref("Idempotent-Replayed")
	}
	return h
}

// errorResponses are the error answers, one per status, each with the
// API's one error schema and the headers the spec names; an operation
// refers to those it can answer and says which codes and when.
func errorResponses(api API) map[string]any {
	statuses := []int{400, 401, 402, 403, 404, 409, 413, 422, 429, 500, 503}
	schema := "#/components/schemas/Error"
	if api == PublicAPI {
		statuses, schema = []int{400, 401, 402, 404, 429, 500}, "#/components/schemas/PublicError"
	}
	generic := errorDescriptions(genericOperation(api).Errors())
	out := map[string]any{}
	for _, s := range statuses {
		desc := generic[s]
		if desc == "" {
			desc = http.StatusText(s) + "."
		}
		h := headers(Operation{API: api}, s)
		if api == AgentAPI && replayedStatus(s) {
			h["Idempotent-Replayed"] = map[string]any{"$ref": "#/components/headers/Idempotent-Replayed"}
		}
		out[errorResponseName(s)] = map[string]any{
			"description": desc,
			"headers":     h,
			"content":     map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": schema}}},
		}
	}
	return out
}

// replayedStatus reports whether an error answer with status can be a
// replay: the service stores a POST's, PATCH's or DELETE's refusal under
// its Idempotency-Key as it does a success, and sends it again with
// Idempotent-Replayed: true (spec 4.1); only answers given before the key
// is claimed (401, 413), rate-limit refusals and server errors are not.
func replayedStatus(status int) bool {
	switch status {
	case 400, 402, 403, 404, 409, 422:
		return true
	}
	return false
}

// errorDescriptions describes errors by status: the status's name, then
// each code and when it is answered.
func errorDescriptions(errs []Error) map[int]string {
	lines := map[int][]string{}
	for _, e := range errs {
		line := e.When
		if e.Code != "" {
			line = "`" + string(e.Code) + "`: " + e.When
		}
		lines[e.Status] = append(lines[e.Status], line)
	}
	out := map[int]string{}
	for s, ls := range lines {
		out[s] = http.StatusText(s) + ". " + strings.Join(ls, "; ") + "."
	}
	return out
}

// genericOperation is an operation of api that has every error an
// operation of its kind can answer (a POST with a path parameter and a
// body): the errors an answer needs not describe again.
func genericOperation(api API) Operation {
	return Operation{API: api, Method: http.MethodPost, Path: "/x/{site_id}", Body: []Field{flag("x", "")}}
}

// errorResponseName names the error answer of status ("NotFound").
func errorResponseName(status int) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(http.StatusText(status))
}

// headerComponents are the headers the answers refer to.
func headerComponents(api API) map[string]any {
	header := func(desc, typ string, required bool) map[string]any {
		return map[string]any{"description": desc, "required": required, "schema": map[string]any{"type": typ}}
	}
	if api == PublicAPI {
		return map[string]any{
			"Access-Control-Allow-Origin": header("Always *: every answer, errors included, carries the CORS headers.", "string", true),
			"X-Request-Id":                header("The request's id, for support.", "string", true),
		}
	}
	return map[string]any{
		"X-Request-Id":          header("The request's id, for support.", "string", true),
		"X-RateLimit-Limit":     header("Requests allowed in the current window.", "integer", true),
		"X-RateLimit-Remaining": header("Requests left in the current window.", "integer", true),
		"X-RateLimit-Reset":     header("When the window resets, in Unix seconds.", "integer", true),
		"Retry-After":           header("Seconds to wait before retrying.", "integer", true),
		"Idempotent-Replayed":   header("true when the answer is a replay of the first answer (success or refusal) to the Idempotency-Key of a POST, PATCH or DELETE.", "string", false),
	}
}

// errorSchema is the agent API's one error body (spec 7).
func errorSchema() map[string]any {
	var codes []any
	for _, c := range errorCodes {
		codes = append(codes, c)
	}
	return map[string]any{
		"type":        "object",
		"description": "Every error answer of the agent API (spec 7). Programs branch on the status and code, not on the sentence.",
		"required":    []any{"error", "code"},
		"properties": map[string]any{
			"error": map[string]any{"type": "string", "description": "A sentence for people."},
			"code":  map[string]any{"type": "string", "enum": codes, "description": "A stable code."},
			"details": map[string]any{
				"type": "array", "description": "On validation_failed: each invalid field and what is wrong with it.",
				"items": map[string]any{"type": "object", "required": []any{"field", "problem"}, "properties": map[string]any{
					"field": map[string]any{"type": "string"}, "problem": map[string]any{"type": "string"},
				}},
			},
			"action_url": map[string]any{"type": "string", "format": "uri", "description": "On human_required and payment_failed: the owner's page where it is done."},
			"docs_url":   map[string]any{"type": "string", "format": "uri", "description": "A page about the error, when there is one."},
		},
	}
}

// publicErrorSchema is the public API's error body (public spec 7).
func publicErrorSchema() map[string]any {
	return map[string]any{
		"type":        "object",
		"description": "Every error answer of the public articles API: error always, code only on 402.",
		"required":    []any{"error"},
		"properties": map[string]any{
			"error": map[string]any{"type": "string"},
			"code":  map[string]any{"type": "string", "enum": []any{"subscription_required"}},
		},
	}
}

// errorCodes are the agent API's error codes (spec 7).
var errorCodes = []string{
	"bad_request", "unauthorized", "subscription_required", "paid_plan_required", "insufficient_credits", "payment_failed",
	"human_required", "not_found", "account_exists", "conflict", "integration_unavailable", "validation_failed",
	"rate_limited", "payload_too_large", "internal_error", "unavailable",
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
