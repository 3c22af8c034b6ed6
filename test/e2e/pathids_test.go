package e2e

import (
	"context"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// quietStack starts a stack whose scheduler does not tick by itself and
// whose queues are idle, so the DynamoDB calls counted are those of the
// requests a test sends.
func quietStack(t *testing.T) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.Start(t, testenv.Options{SchedulerEvery: time.Hour})
	acct := env.NewAccount(t, "")
	for !(env.Stack.Jobs.Idle() && env.Stack.Deliveries.Idle()) {
		env.Stack.Drain(context.Background(), 10*time.Second)
	}
	// The first request of a key records last_used_at; later ones within
	// a minute only check the credential and count the request.
	acct.Client.Agent(t, "DELETE", "/account", nil).Expect(t, http.StatusForbidden)
	return env, acct
}

// fill puts value in every path parameter of route r.
func fill(r routes.Route, value func(name string) string) string {
	path := r.Path
	for _, name := range r.Params() {
		path = strings.Replace(path, "{"+name+"}", value(name), 1)
	}
	return path
}

// TestImpossiblePathIDsAnswerNotFound: an id that cannot exist (here 1,100
// characters, which DynamoDB refuses as a key) answers 404 not_found on
// every agent-API route with path parameters, and costs no more DynamoDB
// calls than a request that reads nothing (the credential check and the
// request count), so no lookup is made for it.
func TestImpossiblePathIDsAnswerNotFound(t *testing.T) {
	env, acct := quietStack(t)
	long := strings.Repeat("x", 1100)
	env.Calls.Snapshot()
	acct.Client.Agent(t, "DELETE", "/account", nil).Expect(t, http.StatusForbidden)
	baseline := env.Calls.Snapshot()
	checked := 0
	for _, r := range routes.Table {
		if r.Auth != routes.Agent || r.Group == routes.MCP || len(r.Params()) == 0 {
			continue
		}
		checked++
		path := fill(r, func(string) string { return long })
		resp := acct.Client.Do(t, r.Method, path, map[string]any{})
		if resp.Status != http.StatusNotFound || resp.ErrorCode(t) != "not_found" {
			t.Errorf("%s with over-long ids: %d %.200s", r.Key(), resp.Status, resp.Body)
		}
		if calls := env.Calls.Snapshot(); !maps.Equal(calls, baseline) {
			t.Errorf("%s with over-long ids made DynamoDB calls %v, a request that reads nothing %v", r.Key(), calls, baseline)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d routes checked", checked)
	}
}

// TestPathIDKinds: each parameter's kind decides what cannot exist: an
// uppercase UUID, an unknown platform name; a well-formed unknown id is
// looked up and answers the resource's own 404.
func TestPathIDKinds(t *testing.T) {
	env, acct := quietStack(t)
	c := acct.Client
	for _, path := range []string{
		"/sites/" + strings.ToUpper(acct.SiteID),
		"/sites/" + acct.SiteID + "/integrations/push_platform_9",
		"/jobs/not-a-uuid",
		"/webhooks/%00/deliveries",
	} {
		c.Agent(t, "GET", path, nil).ExpectError(t, http.StatusNotFound, "not_found")
	}
	env.Calls.Snapshot()
	c.Agent(t, "GET", "/sites/00000000-0000-4000-8000-000000000000", nil).ExpectError(t, http.StatusNotFound, "not_found")
	// A BatchGetItem carries at least two reads (one alone is a GetItem).
	if calls := env.Calls.Snapshot(); calls["GetItem"]+calls["Query"]+2*calls["BatchGetItem"] < 2 {
		t.Fatalf("a well-formed unknown site id made calls %v, want its lookup besides the credential's", calls)
	}
	c.Agent(t, "GET", "/sites/"+acct.SiteID+"/integrations/push_platform_1", nil).Expect(t, http.StatusOK)
}

// TestImpossiblePathIDsOnPages: a page link whose token cannot exist
// answers the 404 page without any DynamoDB call; a dashboard page with
// an impossible id sends a signed-out browser to sign in first, also
// without any call (test/dashboard covers the signed-in owner).
func TestImpossiblePathIDsOnPages(t *testing.T) {
	env, _ := quietStack(t)
	c := env.Client()
	long := strings.Repeat("x", 1100)
	for _, req := range []struct{ method, path string }{
		{"GET", "/claim/" + strings.Repeat("a", routes.MaxToken+1)},
		{"POST", "/claim/" + strings.Repeat("a", routes.MaxToken+1)},
		{"GET", "/checkout/" + strings.Repeat("a", routes.MaxToken+1)},
		{"GET", "/integrations/connect/a%20b"},
	} {
		env.Calls.Snapshot()
		resp := c.Do(t, req.method, req.path, nil)
		if resp.Status != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(resp.Body), "Link not valid") {
			t.Errorf("%s %.80s: %d %s %.200s", req.method, req.path, resp.Status, resp.Header.Get("Content-Type"), resp.Body)
		}
		if calls := env.Calls.Snapshot(); len(calls) > 0 {
			t.Errorf("%s %.80s made DynamoDB calls %v", req.method, req.path, calls)
		}
	}
	for _, path := range []string{"/dashboard/sites/" + long, "/dashboard/settings/agents/" + long + "/revoke"} {
		method := "GET"
		if strings.HasSuffix(path, "/revoke") {
			method = "POST"
		}
		env.Calls.Snapshot()
		if resp := c.Do(t, method, path, nil); resp.Status != http.StatusSeeOther || !strings.Contains(resp.Header.Get("Location"), "/signin?next=") {
			t.Errorf("signed out %s %.80s: %d %q", method, path, resp.Status, resp.Header.Get("Location"))
		}
		if calls := env.Calls.Snapshot(); len(calls) > 0 {
			t.Errorf("signed out %s %.80s made DynamoDB calls %v", method, path, calls)
		}
	}
}
