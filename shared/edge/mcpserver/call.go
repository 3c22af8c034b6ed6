package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

// request turns a tool call's arguments into the agent-API request the
// tool stands for: path parameters into the path, idempotency_key into the
// Idempotency-Key header, every other argument of a GET or DELETE into the
// query, and of a POST or PATCH (which take no query parameters) into the
// JSON body unchanged, so absent, null and set stay distinct for PATCH. The request
// carries the MCP request's credential, host and caller address. Argument
// problems the API could not see (a missing path parameter, a value no
// query string can carry) answer validation_failed.
func (t Tool) request(ctx context.Context, o origin, raw json.RawMessage) (*http.Request, error) {
	args, err := arguments(raw)
	if err != nil {
		return nil, err
	}
	var problems []apperr.Problem
	target := t.Route.Path
	for _, name := range t.Route.Params() {
		v, problem := pathValue(args[name])
		if problem != "" {
			problems = append(problems, apperr.Problem{Field: name, Problem: problem})
		}
		if "/"+v != path.Clean("/"+v) {
			// A dot segment or an empty one ("..", "../x", "a/./b", "/")
			// would move the path once decoded, and the router answers
			// such a path "no endpoint"; "-" is no id of any kind, so the
			// resource's own not_found answers.
			v = "-"
		}
		target = strings.Replace(target, "{"+name+"}", url.PathEscape(v), 1)
		delete(args, name)
	}
	// The key goes to the endpoint as its Idempotency-Key header, which
	// judges it as it judges the header over HTTP (400 bad_request outside
	// 1 to 255 characters); only a key that is no string is refused here,
	// the same way.
	var key string
	keyed := false
	if v, ok := args[IdempotencyArgument]; ok {
		delete(args, IdempotencyArgument)
		if err := json.Unmarshal(v, &key); err != nil {
			return nil, apperr.New(apperr.BadRequest, "idempotency_key (the Idempotency-Key header) must be a string of 1 to 255 characters.")
		}
		keyed = true
	}
	query, body := url.Values{}, map[string]json.RawMessage{}
	for _, name := range sortedNames(args) {
		if sendsBody(t.Route.Method) {
			body[name] = args[name]
			continue
		}
		v, sent, problem := queryValue(args[name])
		if problem != "" {
			problems = append(problems, apperr.Problem{Field: name, Problem: problem})
		} else if sent {
			query.Set(name, v)
		}
	}
	if len(problems) > 0 {
		return nil, apperr.Invalid(problems...)
	}
	var payload []byte
	if len(body) > 0 {
		if payload, err = json.Marshal(body); err != nil {
			return nil, apperr.Wrap("mcpserver.request", err)
		}
	}
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	r, err := http.NewRequestWithContext(ctx, t.Route.Method, target, bytes.NewReader(payload))
	if err != nil {
		return nil, apperr.Wrap("mcpserver.request", err)
	}
	o.apply(r)
	if payload != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	if keyed {
		r.Header.Set("Idempotency-Key", key)
	}
	return r, nil
}

// arguments reads a tool call's arguments, a JSON object (absent or null
// means none). Arguments that would be read otherwise than as sent (an
// argument named twice, half a surrogate pair escaped) are refused as the
// API refuses such a body, rather than read at one of their values.
func arguments(raw json.RawMessage) (map[string]json.RawMessage, error) {
	args := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(raw)) == 0 {
		return args, nil
	}
	if err := input.Unambiguous(raw); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, apperr.New(apperr.BadRequest, "The tool's arguments must be a JSON object.")
	}
	if args == nil {
		args = map[string]json.RawMessage{}
	}
	return args, nil
}

// pathValue reads a path parameter: a non-empty string.
func pathValue(raw json.RawMessage) (string, string) {
	if raw == nil || string(raw) == "null" {
		return "", "is required"
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", "must be a string"
	}
	if s == "" {
		return "", "is required"
	}
	return s, ""
}

// queryValue reads a query parameter: a string, number or boolean as its
// text, a list of them comma-separated, null as absent.
func queryValue(raw json.RawMessage) (value string, sent bool, problem string) {
	const wrong = "must be a string, number, boolean or a list of them"
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return "", false, wrong
	}
	switch x := v.(type) {
	case nil:
		return "", false, ""
	case []any:
		parts := make([]string, 0, len(x))
		for _, item := range x {
			s, ok := scalar(item)
			if !ok {
				return "", false, wrong
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ","), true, ""
	default:
		s, ok := scalar(x)
		if !ok {
			return "", false, wrong
		}
		return s, true, ""
	}
}

// scalar returns the query text of a JSON string, number or boolean.
func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return numberText(x), true
	case bool:
		if x {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

// numberText is a JSON number's query text. An integer written with a
// fraction or an exponent (2.0, 2e0) is one for JSON Schema and for the
// API's JSON bodies, so it goes as the integer (2), which a query's integer
// parameter takes; any other number goes as written.
func numberText(n json.Number) string {
	if _, err := n.Int64(); err == nil {
		return n.String()
	}
	f, err := strconv.ParseFloat(n.String(), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return n.String()
	}
	return strconv.FormatInt(int64(f), 10)
}

func sortedNames(m map[string]json.RawMessage) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
