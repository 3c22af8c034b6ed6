// Package audit22i holds black-box tests, over HTTP against a dev stack,
// of hostile input on every route of the route table (shared/edge/routes)
// that the robustness sweep (test/robustness) does not send: the
// account's own ids in upper case, padded with spaces or followed by an
// encoded slash or dot; unusual Content-Types, charsets and encodings;
// malformed cookies; a body on GET; repeated and empty query parameters;
// dashboard forms without the right CSRF token or with doubled fields;
// bodies that mix a valid change with an invalid one or repeat a key; and
// payment webhooks that verify but carry what no processor sends. Each
// checks the rule the specs share: the spec's error, never a 5xx (but the
// public articles API's 500 for a non-UUID id) and nothing written when
// the answer is an error.
package audit22i

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// startUnlimited starts a quiet stack whose request budgets no test of
// the package meets, and a readable account on it.
func startUnlimited(t *testing.T) (*testenv.Env, *testenv.Readable) {
	t.Helper()
	env := testenv.Start(t, testenv.Options{SchedulerEvery: time.Hour, Configure: func(c *config.Config) {
		c.AccountRequestsPerMinute = 1_000_000
		c.AnonymousRequestsPerMinute = 1_000_000
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount = 1_000_000, 1_000_000
		c.AIRequestsPerHour = 1_000_000
	}})
	return env, env.NewReadable(t, "")
}

// raw sends method path with body (nil for none) and headers ("Name:
// value") as they are, without the contract check of testenv's client
// (which refuses what these tests send on purpose).
func raw(t *testing.T, base, method, path string, body []byte, headers ...string) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = strings.NewReader(string(body))
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	for _, h := range headers {
		if h == "" {
			continue
		}
		name, value, _ := strings.Cut(h, ":")
		req.Header[http.CanonicalHeaderKey(strings.TrimSpace(name))] = []string{strings.TrimSpace(value)}
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// credential returns the Authorization header route rt takes for r, or
// "" for a route without one.
func credential(rt routes.Route, r *testenv.Readable) string {
	switch rt.Auth {
	case routes.Agent:
		return "Authorization: Bearer " + r.Key
	case routes.SiteKey:
		return "Authorization: Bearer " + r.SiteKey
	}
	return ""
}

// fill returns rt's path with params in it.
func fill(rt routes.Route, params map[string]string) string {
	p := rt.Path
	for name, v := range params {
		p = strings.ReplaceAll(p, "{"+name+"}", v)
	}
	return p
}

// errorCode returns the code of a JSON error body, or "".
func errorCode(body []byte) string {
	var e struct{ Code string }
	_ = json.Unmarshal(body, &e)
	return e.Code
}

// specError reports whether body, answered with status, is the spec's
// error body: a sentence and a code, with details on a 422.
func specError(status int, body []byte) bool {
	var e struct {
		Error   string
		Code    string
		Details []any
	}
	return json.Unmarshal(body, &e) == nil && strings.TrimSpace(e.Error) != "" && e.Code != "" && (status != 422 || len(e.Details) > 0)
}

// callTool sends one MCP tools/call of tool with args (a JSON object, as
// it is) to the stack at base with cred ("Authorization: ..."), without
// the contract check, and returns the HTTP status and body.
func callTool(t *testing.T, base, cred, tool, args string) (int, []byte) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
	st, _, b := raw(t, base, "POST", "/mcp", []byte(body), cred, "Content-Type: application/json", "Accept: application/json, text/event-stream")
	return st, b
}

// TestOwnIDsSpelledOtherwiseAreNotFound sends every route of the two APIs
// (but DELETE and OPTIONS) the account's own path ids spelled otherwise:
// upper case, with a space before or after (percent-encoded or not), with
// an encoded slash or dot after, as an encoded "..". README "Path ids":
// ids are "UUIDs in canonical lowercase form (... an uppercase or
// over-long one is refused)" and such an id "answers 404 not_found". The
// public articles API keeps its spec's 500 "Internal error" for a non-UUID
// article id, and its 404 for an upper-case one (a PATCH with a valid
// body, as its validation comes before the lookup). Nothing answers a 2xx or
// another 5xx.
func TestOwnIDsSpelledOtherwiseAreNotFound(t *testing.T) {
	env, r := startUnlimited(t)
	params := r.Params()
	checked := 0
	for _, rt := range routes.Table {
		if rt.Op == "" || rt.Method == http.MethodDelete || rt.Method == http.MethodOptions || len(rt.Params()) == 0 {
			continue
		}
		var body []byte
		if rt.Method != http.MethodGet {
			body = []byte(`{}`)
			if rt.Group == routes.Public {
				// Valid, so the article is looked up (spec 4: validation
				// comes first).
				body = []byte(`{"published_url":"https://acme.com/blog/sharp-chisels"}`)
			}
		}
		for _, name := range rt.Params() {
			own := params[name]
			for _, bad := range []string{strings.ToUpper(own), own + "%20", "%20" + own, own + "%2F", own + "%2E", "%2E%2E", own + "%2Fx"} {
				o := map[string]string{}
				for k, v := range params {
					o[k] = v
				}
				o[name] = bad
				path := fill(rt, o)
				status, _, b := raw(t, env.URL, rt.Method, path, body, credential(rt, r), "Content-Type: application/json")
				checked++
				if rt.Group == routes.Public {
					if status == http.StatusInternalServerError && string(b) == `{"error":"Internal error"}` && bad != strings.ToUpper(own) {
						continue // the spec's answer to a non-UUID id
					}
					if status != http.StatusNotFound {
						t.Errorf("%s %s: %d, want 404 (or the spec's 500 for a non-UUID id)\n%.300s", rt.Method, path, status, b)
					}
					continue
				}
				if status != http.StatusNotFound || errorCode(b) != "not_found" {
					t.Errorf("%s %s: %d, want 404 not_found\n%.300s", rt.Method, path, status, b)
				}
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d requests checked", checked)
	}
}

// TestOddHeadersCookiesAndQueriesAnswerNo5xx sends every route of the
// table (but DELETE) with its credential and, in turn: Content-Types
// README "Conventions" accepts (a charset, upper case, a +json type) and
// others, a Content-Encoding the body does not have, malformed and
// oversized cookies, a body on GET, and on a GET repeated and empty query
// parameters. No answer is a 5xx (the public API's non-UUID 500 needs no
// such request: every id here is the account's own), and an agent-API
// answer with an accepted JSON type is never the 400 of a refused type.
func TestOddHeadersCookiesAndQueriesAnswerNo5xx(t *testing.T) {
	env, r := startUnlimited(t)
	params := r.Params()
	sent := 0
	for _, rt := range routes.Table {
		if rt.Method == http.MethodDelete {
			continue
		}
		path := fill(rt, params)
		cred := credential(rt, r)
		type variant struct {
			name    string
			body    []byte
			headers []string
		}
		variants := []variant{
			{"malformed cookies", nil, []string{"Cookie: =;;;session=%zz; session=\xff; oauth_browser=x; signin_form"}},
			{"many cookies", nil, []string{"Cookie: " + strings.Repeat("a=b; ", 1000) + "session=" + strings.Repeat("s", 1000)}},
			{"two session cookies", nil, []string{"Cookie: session=a; session=b"}},
		}
		if rt.Method == http.MethodGet {
			variants = append(variants,
				variant{"body on GET", []byte(`{"a":`), []string{"Content-Type: application/json"}},
				variant{"repeated and empty query", nil, nil},
			)
		} else {
			for _, ct := range []string{"application/json; charset=utf-8", "application/json; charset=utf-16", "application/json; charset=iso-8859-1",
				"APPLICATION/JSON", "application/merge-patch+json", "application/json;;", "application/x-www-form-urlencoded; charset=utf-16", "text/plain; charset=\xff"} {
				variants = append(variants, variant{"Content-Type " + ct, []byte(`{"a":1}`), []string{"Content-Type: " + ct}})
			}
			variants = append(variants, variant{"gzip that is not", []byte(`{"a":1}`), []string{"Content-Type: application/json", "Content-Encoding: gzip"}})
		}
		for _, v := range variants {
			p := path
			if v.name == "repeated and empty query" {
				p += "?limit=&limit=5&cursor=&cursor=&since=&status=&status=new&=x&&"
			}
			headers := append([]string{cred}, v.headers...)
			status, _, b := raw(t, env.URL, rt.Method, p, v.body, headers...)
			sent++
			if status >= 500 {
				t.Errorf("%s %s, %s: %d\n%.300s", rt.Method, p, v.name, status, b)
			}
			accepted := false
			for _, ok := range []string{"application/json; charset=utf-8", "application/json; charset=utf-16", "application/json; charset=iso-8859-1", "APPLICATION/JSON", "application/merge-patch+json"} {
				accepted = accepted || v.name == "Content-Type "+ok
			}
			if rt.Auth == routes.Agent && rt.Group != routes.MCP && accepted && status == http.StatusBadRequest && strings.Contains(string(b), "Content-Type") {
				t.Errorf("%s %s, %s: refused a Content-Type README accepts: %.300s", rt.Method, p, v.name, b)
			}
		}
	}
	if sent < 500 {
		t.Fatalf("only %d requests sent", sent)
	}
}
