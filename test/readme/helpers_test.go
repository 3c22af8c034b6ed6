// Package readme checks, black-box on a dev stack, the behaviours the
// README's "API notes" promise beyond the spec. Each test covers one README
// subsection and quotes the sentences it checks.
package readme

import (
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// fields returns the sorted field names of a 422 validation_failed answer.
func fields(t testing.TB, r *testenv.Response) []string {
	t.Helper()
	body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	var out []string
	for _, d := range details {
		m, _ := d.(map[string]any)
		f, _ := m["field"].(string)
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// wantField fails the test unless r is a 422 naming field (or one of its
// elements, such as field[0]).
func wantField(t testing.TB, r *testenv.Response, field string) {
	t.Helper()
	for _, f := range fields(t, r) {
		if f == field || strings.HasPrefix(f, field+"[") {
			return
		}
	}
	t.Fatalf("422 does not name %s: %s", field, r.Body)
}

// obj returns m[key] as an object, failing the test otherwise.
func obj(t testing.TB, m map[string]any, key string) map[string]any {
	t.Helper()
	o, ok := m[key].(map[string]any)
	if !ok {
		t.Fatalf("%s is not an object: %v", key, m)
	}
	return o
}

// raw sends a request without the OpenAPI contract check (for requests the
// document does not describe) and returns its status and headers.
func raw(t testing.TB, env *testenv.Env, token, method, path, contentType, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, env.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}
