package audit22i

import (
	"regexp"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
)

// paramPattern matches a path parameter of a route.
var paramPattern = regexp.MustCompile(`\{[a-z_]+\}`)

// TestLongPathAndQueryParametersAnswerNo5xx sends every route of the
// table with its credential: each path parameter in turn 3,000 and 7,000
// characters long, 700 encoded "é"s or 300 "a."s (the others the
// account's own); and every route without one a query parameter of the
// names the pages and OAuth read (token, authorization_id, client_id,
// next, ...) set to 3,000 or 7,000 characters, an encoded lone surrogate,
// an encoded NUL, encoded "../", or a bidi override, also as a form body
// on a POST. No answer is a 5xx, but the public articles API's 500 for a
// non-UUID article id, which its spec asks for.
func TestLongPathAndQueryParametersAnswerNo5xx(t *testing.T) {
	env, r := startUnlimited(t)
	params := r.Params()
	sent := 0
	for _, rt := range routes.Table {
		var body []byte
		if rt.Method != "GET" {
			body = []byte(`{}`)
		}
		for _, long := range []string{strings.Repeat("a", 3000), strings.Repeat("A", 7000), strings.Repeat("%C3%A9", 700), strings.Repeat("a.", 300)} {
			for _, target := range paramPattern.FindAllString(rt.Path, -1) {
				p := rt.Path
				for n, v := range params {
					if "{"+n+"}" != target {
						p = strings.ReplaceAll(p, "{"+n+"}", v)
					}
				}
				p = paramPattern.ReplaceAllString(strings.ReplaceAll(p, target, long), "x")
				status, _, b := raw(t, env.URL, rt.Method, p, body, credential(rt, r), "Content-Type: application/json")
				sent++
				if status >= 500 && !(rt.Group == routes.Public && string(b) == `{"error":"Internal error"}`) {
					t.Errorf("%s %.100s... (%s long): %d\n%.300s", rt.Method, p, target, status, b)
				}
			}
		}
		if strings.Contains(rt.Path, "{") || rt.Op != "" {
			continue
		}
		for _, name := range []string{"token", "authorization_id", "client_id", "next", "code", "state", "redirect_uri", "session_id", "id", "still", "done", "page", "cursor", "status", "site_id", "email"} {
			for _, v := range []string{strings.Repeat("a", 3000), strings.Repeat("A", 7000), "%ED%A0%80", "%00", "a%2F..%2F..", "%E2%80%AE"} {
				p := rt.Path + "?" + name + "=" + v
				var form []byte
				if rt.Method != "GET" {
					form = []byte(name + "=" + v)
				}
				status, _, b := raw(t, env.URL, rt.Method, p, form, credential(rt, r), "Content-Type: application/x-www-form-urlencoded")
				sent++
				if status >= 500 {
					t.Errorf("%s %.100s...: %d\n%.300s", rt.Method, p, status, b)
				}
			}
		}
	}
	if sent < 1000 {
		t.Fatalf("only %d requests sent", sent)
	}
}
