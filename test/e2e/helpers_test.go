package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// configT is the service configuration a test stack may adjust.
type configT = config.Config

// startStack starts a dev stack of the test's own with configure applied.
func startStack(t testing.TB, configure func(*configT)) *testenv.Env {
	t.Helper()
	return testenv.Start(t, testenv.Options{Configure: configure})
}

// apiError is the spec's error body.
type apiError struct {
	Error     string `json:"error"`
	Code      string `json:"code"`
	ActionURL string `json:"action_url"`
	Details   []struct {
		Field   string `json:"field"`
		Problem string `json:"problem"`
	} `json:"details"`
}

// expectError checks status and code of an error answer and returns its body.
func expectError(t testing.TB, r *testenv.Response, status int, code string) apiError {
	t.Helper()
	r.Expect(t, status)
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("error Content-Type %q, want application/json", ct)
	}
	var e apiError
	r.Decode(t, &e)
	if e.Code != code || e.Error == "" {
		t.Fatalf("error body %s, want code %q with a sentence", r.Body, code)
	}
	return e
}

// detailFields returns the sorted field names of a validation error.
func detailFields(t testing.TB, e apiError) []string {
	t.Helper()
	var out []string
	for _, d := range e.Details {
		if d.Problem == "" {
			t.Fatalf("detail for %q has no problem", d.Field)
		}
		out = append(out, d.Field)
	}
	sort.Strings(out)
	return out
}

// keysOf returns the sorted keys of a JSON object.
func keysOf(m map[string]any) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// object returns m[name] as a JSON object, failing the test otherwise.
func object(t testing.TB, m map[string]any, name string) map[string]any {
	t.Helper()
	o, ok := m[name].(map[string]any)
	if !ok {
		t.Fatalf("%q is not an object: %v", name, m[name])
	}
	return o
}

// listPage is one page of a list answer, decoded generically.
type listPage struct {
	Items      []map[string]any
	NextCursor *string
	HasMore    *bool
}

// getPage reads one page of a list endpoint whose items are under name.
func getPage(t testing.TB, c *testenv.Client, path, name string) listPage {
	t.Helper()
	r := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK)
	var raw map[string]json.RawMessage
	r.Decode(t, &raw)
	var p listPage
	if _, ok := raw["next_cursor"]; !ok {
		t.Fatalf("list answer without next_cursor: %s", r.Body)
	}
	if err := json.Unmarshal(raw[name], &p.Items); err != nil || p.Items == nil {
		t.Fatalf("%q is not an array: %s", name, r.Body)
	}
	_ = json.Unmarshal(raw["next_cursor"], &p.NextCursor)
	if h, ok := raw["has_more"]; ok {
		_ = json.Unmarshal(h, &p.HasMore)
	}
	return p
}

// walkList follows next_cursor from path (which may carry a query) until it
// is null, or has_more is false for feeds whose cursor is always set, and
// returns every item and the number of pages.
func walkList(t testing.TB, c *testenv.Client, path, name string) ([]map[string]any, int) {
	t.Helper()
	var all []map[string]any
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	next := ""
	for pages := 1; ; pages++ {
		p := path
		if next != "" {
			p += sep + "cursor=" + url.QueryEscape(next)
		}
		page := getPage(t, c, p, name)
		all = append(all, page.Items...)
		if page.NextCursor == nil || (page.HasMore != nil && !*page.HasMore) {
			return all, pages
		}
		if pages > 500 {
			t.Fatal("paging does not end")
		}
		next = *page.NextCursor
	}
}

// idsOf returns the "id" of each item.
func idsOf(items []map[string]any) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i], _ = it["id"].(string)
	}
	return out
}

// newKey creates an agent key through POST /agent-keys and returns the
// agent_key object.
func newKey(t testing.TB, c *testenv.Client, name string) map[string]any {
	t.Helper()
	r := c.Agent(t, "POST", "/agent-keys", map[string]any{"name": name}).Expect(t, http.StatusCreated)
	return object(t, r.JSON(t), "agent_key")
}

// headerInt reads an integer header.
func headerInt(t testing.TB, r *testenv.Response, name string) int64 {
	t.Helper()
	v := r.Header.Get(name)
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		t.Fatalf("header %s = %q, want an integer", name, v)
	}
	return n
}

// signupBody returns a valid POST /accounts body for email.
func signupBody(email string) map[string]any {
	return map[string]any{"email": email, "site_url": "https://acme.com", "agent": map[string]any{"name": "Test agent"}}
}

// str returns v as a string, failing when it is not one.
func str(t testing.TB, v any) string {
	t.Helper()
	s, ok := v.(string)
	if !ok {
		t.Fatalf("%v is not a string", v)
	}
	return s
}

// settleScan waits until the account's first scan job has ended, so the
// events and activity it produces are in place before a test reads them.
func settleScan(t testing.TB, acct *testenv.Account) map[string]any {
	t.Helper()
	return acct.Client.WaitJob(t, acct.ScanJob)
}

// eventLabel names an event for comparisons: its type and the id of the
// agent key it carries, or its own id.
func eventLabel(t testing.TB, e map[string]any) string {
	t.Helper()
	if data, ok := e["data"].(map[string]any); ok {
		if k, ok := data["agent_key"].(map[string]any); ok {
			return str(t, e["type"]) + " " + str(t, k["id"])
		}
	}
	return str(t, e["type"]) + " " + str(t, e["id"])
}
