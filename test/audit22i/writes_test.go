package audit22i

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
)

// TestRefusedWritesWriteNothing sends every agent-API write (POST and
// PATCH; DELETE has no body) bodies that pair a valid change of one text
// field with a value of the wrong type in another field, and bodies that
// give the text field twice (the valid value first, a number last, which
// is what a JSON decoder keeps). Each answer is a 4xx with the spec's
// error body (validation_failed with details on a 422), and afterwards
// no resource the account can read holds the valid value: a refused
// request is refused whole (README "Conventions": nothing is
// half-written).
func TestRefusedWritesWriteNothing(t *testing.T) {
	env, r := startUnlimited(t)
	cred := "Authorization: Bearer " + r.Key
	r.Client.Agent(t, "POST", "/billing/activate", nil).Expect(t, http.StatusOK)
	params := r.Params()
	const marker = "Auditmarker seven"
	sent := 0
	check := func(method, path string, body []byte) {
		t.Helper()
		sent++
		status, _, b := raw(t, env.URL, method, path, body, cred, "Content-Type: application/json")
		if status < 400 || status >= 500 {
			t.Errorf("%s %s %s: %d, want a 4xx\n%.300s", method, path, body, status, b)
			return
		}
		if !specError(status, b) {
			t.Errorf("%s %s %s: %d with no spec error body: %.300s", method, path, body, status, b)
		}
	}
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Method == http.MethodGet || op.Method == http.MethodDelete || op.Anonymous {
			continue
		}
		path := fill(routes.Route{Path: op.FullPath()}, params)
		for _, good := range op.Body {
			s := good.Schema
			if s == nil || s.Type != "string" || len(s.Enum) > 0 || s.Format != "" || s.Pattern != "" {
				continue
			}
			for _, bad := range op.Body {
				if bad.Name == good.Name || bad.Schema == nil {
					continue
				}
				var badValue any = 12345
				if bad.Schema.Type != "string" {
					badValue = "not-" + bad.Schema.Type
				}
				body := map[string]any{good.Name: marker, bad.Name: badValue}
				for _, f := range op.Body {
					if f.Required && body[f.Name] == nil {
						body[f.Name] = "Required value"
					}
				}
				b, err := json.Marshal(body)
				if err != nil {
					t.Fatal(err)
				}
				check(op.Method, path, b)
			}
			check(op.Method, path, []byte(`{"`+good.Name+`":"`+marker+`","`+good.Name+`":12345}`))
			break
		}
	}
	if sent < 40 {
		t.Fatalf("only %d writes sent", sent)
	}
	st := state(t, r)
	for _, p := range []string{"/sites/" + r.SiteID, "/sites/" + r.SiteID + "/autopilot", "/sites/" + r.SiteID + "/forum",
		"/sites/" + r.SiteID + "/backlinks", "/sites/" + r.SiteID + "/articles/" + r.ArticleID} {
		st += string(r.Client.Agent(t, "GET", p, nil).Expect(t, http.StatusOK).Body)
	}
	if i := strings.Index(st, marker); i >= 0 {
		t.Errorf("a refused write was stored: ...%s...", st[max(0, i-300):i+len(marker)])
	}
	// The check above can see the value: a valid write of it shows.
	r.Client.Agent(t, "PATCH", "/sites/"+r.SiteID, map[string]any{"brand_name": marker}).Expect(t, http.StatusOK)
	if !strings.Contains(state(t, r)+string(r.Client.Agent(t, "GET", "/sites/"+r.SiteID, nil).Body), marker) {
		t.Fatal("a valid write of the value does not show where the test looks")
	}
}

// TestFieldValuesTheSweepLacksAnswerNo5xx sets, one field at a time, each
// body field of every agent-API write (POST and PATCH) to values the
// robustness sweep does not put in a field: 10,001 levels of objects (one
// more than Go's decoder takes), 9,990 levels of arrays, an array of
// 100,000 strings, a string of 100,000 escaped NULs, -0, 1.0 and 1E+2 for
// any type, and an escaped surrogate pair and a lone low surrogate. No
// answer is a 5xx, and every error answer is the spec's body (a sentence
// and a code; details on 422).
func TestFieldValuesTheSweepLacksAnswerNo5xx(t *testing.T) {
	env, r := startUnlimited(t)
	cred := "Authorization: Bearer " + r.Key
	params := r.Params()
	values := []string{
		strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001), strings.Repeat("[", 9990) + strings.Repeat("]", 9990),
		"[" + strings.TrimSuffix(strings.Repeat(`"x",`, 100000), ",") + "]", `"` + strings.Repeat(`\u0000`, 100000) + `"`,
		`-0`, `1.0`, `1E+2`, `"\ud800\udc00"`, `"\udc00"`,
	}
	sent := 0
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Method == http.MethodGet || op.Method == http.MethodDelete || op.Anonymous {
			continue
		}
		path := fill(routes.Route{Path: op.FullPath()}, params)
		for _, f := range op.Body {
			for _, v := range values {
				body := `{"` + f.Name + `":` + v + `}`
				status, _, b := raw(t, env.URL, op.Method, path, []byte(body), cred, "Content-Type: application/json")
				sent++
				if status >= 500 {
					t.Errorf("%s %s with %s = %.30s...: %d\n%.300s", op.Method, path, f.Name, v, status, b)
					continue
				}
				if status < 400 {
					continue
				}
				if !specError(status, b) {
					t.Errorf("%s %s with %s = %.30s...: %d with no spec error body: %.300s", op.Method, path, f.Name, v, status, b)
				}
			}
		}
	}
	if sent < 500 {
		t.Fatalf("only %d requests sent", sent)
	}
}
