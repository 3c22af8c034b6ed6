package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/ids"
	"rvcontent/test/testenv"
)

// TestEveryAnswerHasRequestAndRateLimitHeaders checks X-Request-Id and the
// X-RateLimit headers on answers of every kind.
func TestEveryAnswerHasRequestAndRateLimitHeaders(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cases := []struct {
		name   string
		client *testenv.Client
		method string
		path   string
		body   any
		status int
		limit  int64
	}{
		{"200", acct.Client, "GET", "/api/agent/v1/account", nil, 200, 600},
		{"201", env.Client(), "POST", "/api/agent/v1/accounts", signupBody(testenv.UniqueEmail("hdr")), 201, 300},
		{"400", acct.Client, "POST", "/api/agent/v1/agent-keys", "{", 400, 600},
		{"401", env.Client(), "GET", "/api/agent/v1/account", nil, 401, 300},
		{"403", acct.Client, "DELETE", "/api/agent/v1/account", nil, 403, 600},
		{"404 resource", acct.Client, "GET", "/api/agent/v1/jobs/" + ids.New(), nil, 404, 600},
		{"404 unknown route", env.Client(), "GET", "/api/agent/v1/no-such-thing", nil, 404, 300},
		{"404 outside the API", env.Client(), "GET", "/no-such-page", nil, 404, 300},
		{"404 other method", acct.Client, "PUT", "/api/agent/v1/account", nil, 404, 600},
		{"404 unknown route with a key", acct.Client, "GET", "/api/agent/v1/no-such-thing", nil, 404, 600},
		{"404 unknown route with a refused key", env.Client().As("rv_agent_" + strings.Repeat("0", 48)), "GET", "/api/agent/v1/no-such-thing", nil, 404, 300},
		{"422", acct.Client, "GET", "/api/agent/v1/events?limit=0", nil, 422, 600},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.client.Do(t, c.method, c.path, c.body).Expect(t, c.status)
			id := r.Header.Get("X-Request-Id")
			if id == "" || seen[id] {
				t.Fatalf("X-Request-Id %q missing or repeated", id)
			}
			seen[id] = true
			if got := headerInt(t, r, "X-RateLimit-Limit"); got != c.limit {
				t.Fatalf("X-RateLimit-Limit = %d, want %d", got, c.limit)
			}
			if rem := headerInt(t, r, "X-RateLimit-Remaining"); rem < 0 || rem >= c.limit {
				t.Fatalf("X-RateLimit-Remaining = %d", rem)
			}
			now := serviceNow(t, env)
			if reset := headerInt(t, r, "X-RateLimit-Reset"); reset < now.Unix() || reset > now.Add(61*time.Second).Unix() {
				t.Fatalf("X-RateLimit-Reset = %d, want within the minute after %d", reset, now.Unix())
			}
			if c.status >= 400 && r.Header.Get("Content-Type") != "application/json" {
				t.Fatalf("error answer Content-Type %q", r.Header.Get("Content-Type"))
			}
		})
	}
}

func serviceNow(t testing.TB, env *testenv.Env) time.Time {
	t.Helper()
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return now
}

// spend sends requests until the budget answers 429, checking the headers
// count down on the way; it returns the 429. A window that rolls over
// mid-way starts the count again.
func spend(t testing.TB, limit int, send func() *testenv.Response) *testenv.Response {
	t.Helper()
	for attempt := 0; attempt < 3; attempt++ {
		var reset int64
		prev := int64(-1)
		for i := 0; i <= limit+1; i++ {
			r := send()
			rs := headerInt(t, r, "X-RateLimit-Reset")
			if reset != 0 && rs != reset {
				break // a new window began: count again
			}
			reset = rs
			if headerInt(t, r, "X-RateLimit-Limit") != int64(limit) {
				t.Fatalf("X-RateLimit-Limit = %s, want %d", r.Header.Get("X-RateLimit-Limit"), limit)
			}
			rem := headerInt(t, r, "X-RateLimit-Remaining")
			if r.Status == http.StatusTooManyRequests {
				if rem != 0 || prev != 0 {
					t.Fatalf("429 with remaining %d after remaining %d", rem, prev)
				}
				return r
			}
			if prev >= 0 && rem != prev-1 {
				t.Fatalf("remaining went %d -> %d", prev, rem)
			}
			prev = rem
		}
	}
	t.Fatal("the budget never answered 429")
	return nil
}

// TestRequestBudgets answers 429 rate_limited with Retry-After once the
// account's or the address's budget for the minute is spent, and runs
// nothing it refuses.
func TestRequestBudgets(t *testing.T) {
	env := startStack(t, func(c *configT) { c.AccountRequestsPerMinute, c.AnonymousRequestsPerMinute = 5, 4 })
	acct := env.NewAccount(t, "")
	r := spend(t, 5, func() *testenv.Response { return acct.Client.Agent(t, "GET", "/account", nil) })
	expectError(t, r, http.StatusTooManyRequests, "rate_limited")
	if ra := headerInt(t, r, "Retry-After"); ra < 1 || ra > 60 {
		t.Fatalf("Retry-After = %d, want 1 to 60", ra)
	}
	// While spent, a POST is refused before it runs.
	if r := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "refused"}); r.Status == http.StatusTooManyRequests {
		env.Advance(t, 61)
		if list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys"); len(list) != 1 {
			t.Fatalf("a refused POST created a key: %d keys", len(list))
		}
	}
	// Unauthenticated calls (refused credentials included) spend the
	// caller address's budget.
	r = spend(t, 4, func() *testenv.Response {
		return env.Client().Agent(t, "GET", "/account", nil, "Authorization: Bearer nope")
	})
	expectError(t, r, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
}

// TestPageLimitsAndCursors checks limit bounds and cursor checks on every
// list endpoint.
func TestPageLimitsAndCursors(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	newKey(t, acct.Client, "second")
	keysCursor := *getPage(t, acct.Client, "/agent-keys?limit=1", "agent_keys").NextCursor
	lists := []struct{ path, name string }{
		{"/agent-keys", "agent_keys"}, {"/activity", "activity"}, {"/jobs", "jobs"}, {"/sites", "sites"}, {"/events", "events"},
	}
	bad := []struct{ query, field string }{
		{"limit=0", "limit"}, {"limit=101", "limit"}, {"limit=-1", "limit"}, {"limit=abc", "limit"}, {"limit=1.5", "limit"},
		{"cursor=garbage", "cursor"}, {"cursor=%7B%7D", "cursor"}, {"cursor=e30", "cursor"},
	}
	for _, l := range lists {
		for _, b := range bad {
			t.Run(l.name+" "+b.query, func(t *testing.T) {
				e := expectError(t, acct.Client.Agent(t, "GET", l.path+"?"+b.query, nil), http.StatusUnprocessableEntity, "validation_failed")
				if fmt.Sprint(detailFields(t, e)) != "["+b.field+"]" {
					t.Fatalf("details = %v", e.Details)
				}
			})
		}
		for _, ok := range []string{"limit=1", "limit=100", "limit=50"} {
			getPage(t, acct.Client, l.path+"?"+ok, l.name)
		}
	}
	// Another list's cursor, or one made up in the cursors' own encoding
	// ({"sk":"ZZZ"}, {"after":"x"}), is not a cursor of this list.
	for _, path := range []string{"/jobs", "/sites", "/events", "/activity"} {
		for _, cursor := range []string{keysCursor, "eyJzayI6IlpaWiJ9", "eyJhZnRlciI6IngifQ"} {
			expectError(t, acct.Client.Agent(t, "GET", path+"?cursor="+cursor, nil), http.StatusUnprocessableEntity, "validation_failed")
		}
	}
	if p := getPage(t, acct.Client, "/agent-keys", "agent_keys"); len(p.Items) != 2 || p.NextCursor != nil {
		t.Fatalf("default page = %d keys, cursor %v", len(p.Items), p.NextCursor)
	}
}

// TestBodyRules checks the 1 MB limit and JSON parsing.
func TestBodyRules(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	sized := func(email string, size int) []byte {
		head := fmt.Sprintf(`{"email":%q,"site_url":"https://acme.com","agent":{"name":"Big"},"pad":"`, email)
		return []byte(head + strings.Repeat("x", size-len(head)-2) + `"}`)
	}
	exact := sized(testenv.UniqueEmail("big"), 1<<20)
	if len(exact) != 1<<20 {
		t.Fatalf("body is %d bytes", len(exact))
	}
	env.Client().Agent(t, "POST", "/accounts", exact).Expect(t, http.StatusCreated)
	email := testenv.UniqueEmail("big")
	expectError(t, env.Client().Agent(t, "POST", "/accounts", sized(email, 1<<20+1)), http.StatusRequestEntityTooLarge, "payload_too_large")
	if n := len(env.Emails(t, email)); n != 0 {
		t.Fatal("an oversized body created an account")
	}
	expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", bytes.Repeat([]byte(" "), 1<<20+1)), http.StatusRequestEntityTooLarge, "payload_too_large")

	cases := []struct {
		name string
		body string
	}{
		{"truncated", `{"name":`},
		{"not JSON", `name=bot`},
		{"array", `[{"name":"bot"}]`},
		{"string", `"bot"`},
		{"trailing garbage", `{"name":"bot"} x`},
		{"not UTF-8", "{\"name\":\"ab\xff\xfe\"}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", c.body), http.StatusBadRequest, "bad_request")
			expectError(t, env.Client().Agent(t, "POST", "/accounts", c.body), http.StatusBadRequest, "bad_request")
			// Endpoints that take no fields refuse a malformed body too.
			expectError(t, acct.Client.Agent(t, "POST", "/account/resend-claim", c.body), http.StatusBadRequest, "bad_request")
			expectError(t, acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/scan", c.body), http.StatusBadRequest, "bad_request")
		})
	}

	// A JSON body is sent as JSON (spec 4.1): another Content-Type is
	// refused, as a web page posting across sites would send it; JSON with
	// parameters is fine, and so is an empty body of any type.
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"} {
		expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", `{"name":"typed"}`, "Content-Type: "+ct), http.StatusBadRequest, "bad_request")
		email := testenv.UniqueEmail("typed")
		expectError(t, env.Client().Agent(t, "POST", "/accounts", fmt.Sprintf(`{"email":%q,"site_url":"https://acme.com","agent":{"name":"Typed"}}`, email), "Content-Type: "+ct), http.StatusBadRequest, "bad_request")
		if n := len(env.Emails(t, email)); n != 0 {
			t.Fatalf("a body sent as %s created an account", ct)
		}
	}
	if list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys"); len(list) != 1 {
		t.Fatalf("%d keys after refused bodies, want 1", len(list))
	}
	acct.Client.Agent(t, "POST", "/agent-keys", `{"name":"typed"}`, "Content-Type: application/json; charset=utf-8").Expect(t, http.StatusCreated)
	acct.Client.Agent(t, "POST", "/account/resend-claim", "", "Content-Type: text/plain").Expect(t, http.StatusOK)
}

// TestUnknownRoutesAnswerJSON404 answers every unmatched request with the
// spec's error body.
func TestUnknownRoutesAnswerJSON404(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cases := []struct{ method, path string }{
		{"GET", "/api/agent/v1/nothing-here"},
		{"GET", "/api/agent/v2/account"},
		{"GET", "/"},
		{"POST", "/api/agent/v1/jobs"},
		{"PATCH", "/api/agent/v1/account"},
		{"DELETE", "/api/agent/v1/sites"},
		{"GET", "/api/agent/v1/agent-keys/" + acct.KeyID},
		{"GET", "/api/agent/v1/account/"},
		{"GET", "/api/agent/v1//account"},
		{"POST", "/api/agent/v1//agent-keys"},
		{"GET", "/api/agent/v1/sites/../account"},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			expectError(t, acct.Client.Do(t, c.method, c.path, nil), http.StatusNotFound, "not_found")
		})
	}
}

// TestOtherAccountsIDsAreNotFound answers another account's site, job and
// key ids exactly as ids that do not exist.
func TestOtherAccountsIDsAreNotFound(t *testing.T) {
	env := testenv.Shared(t)
	mine, theirs := env.NewAccount(t, ""), env.NewAccount(t, "")
	cases := []struct {
		name, method, prefix, theirID string
	}{
		{"site", "GET", "/sites/", theirs.SiteID},
		{"job", "GET", "/jobs/", theirs.ScanJob},
		{"job with wait", "GET", "/jobs/", theirs.ScanJob + "?wait=1"},
		{"agent key", "DELETE", "/agent-keys/", theirs.KeyID},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			theirs := mine.Client.Agent(t, c.method, c.prefix+c.theirID, nil)
			expectError(t, theirs, http.StatusNotFound, "not_found")
			for _, random := range []string{ids.New(), ids.Sortable(), "not-an-id"} {
				r := mine.Client.Agent(t, c.method, c.prefix+random, nil)
				if r.Status != http.StatusNotFound || !bytes.Equal(r.Body, theirs.Body) {
					t.Fatalf("random id answered %d %s, another account's id %s", r.Status, r.Body, theirs.Body)
				}
			}
		})
	}
	theirs.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK) // their key was not revoked
}

// TestEveryListTakesLimitAndCursor holds every list endpoint of the agent
// API to spec 4.1's paging, site-scoped ones and short lists included (a
// site's two integrations, an article's destinations): a limit outside 1
// to 100 or a cursor the service did not issue answers 422 naming the
// parameter, and limit=1 walks the whole list one item a page.
func TestEveryListTakesLimitAndCursor(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewReadable(t, "")
	for _, route := range routes.Table {
		if route.Auth != routes.Agent || route.Method != http.MethodGet || !strings.HasPrefix(route.Op, "list_") {
			continue
		}
		t.Run(route.Op, func(t *testing.T) {
			path := strings.TrimPrefix(acct.Path(route), routes.AgentBase)
			for _, b := range []struct{ query, field string }{
				{"limit=0", "limit"}, {"limit=101", "limit"}, {"limit=abc", "limit"}, {"cursor=garbage", "cursor"},
			} {
				e := expectError(t, acct.Client.Agent(t, "GET", path+"?"+b.query, nil), http.StatusUnprocessableEntity, "validation_failed")
				if fmt.Sprint(detailFields(t, e)) != "["+b.field+"]" {
					t.Fatalf("%s: details = %v", b.query, e.Details)
				}
			}
			name := listName(t, acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK))
			whole, _ := walkList(t, acct.Client, path+"?limit=100", name)
			one, pages := walkList(t, acct.Client, path+"?limit=1", name)
			if len(one) != len(whole) || (len(whole) > 1 && pages < len(whole)) {
				t.Fatalf("limit=1 walked %d items in %d pages, the list has %d", len(one), pages, len(whole))
			}
		})
	}
}

// listName returns the plural name a list answer holds its items under.
func listName(t testing.TB, r *testenv.Response) string {
	t.Helper()
	var raw map[string]json.RawMessage
	r.Decode(t, &raw)
	for k, v := range raw {
		if k != "next_cursor" && strings.HasPrefix(string(v), "[") {
			return k
		}
	}
	t.Fatalf("no list in %s", r.Body)
	return ""
}
