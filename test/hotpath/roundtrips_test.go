// Package hotpath proves the request path's shape over HTTP against a dev
// stack: how many DynamoDB round trips an authenticated read makes one
// after another (counted by the SDK middleware with every call slowed
// down, so calls made concurrently overlap for certain), and that the
// speed-ups keep the rules (budgets, idempotency) exact.
package hotpath

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/edge/mcpserver"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// slow is how long every DynamoDB call waits before it is sent while
// round trips are counted: long enough that two calls started together
// overlap on a loaded machine.
const slow = 50 * time.Millisecond

// maxRounds is the most DynamoDB round trips an authenticated read may
// make one after another: the credential, then everything else at once.
const maxRounds = 2

// reads returns every authenticated GET route of the agent and public
// APIs.
func reads() []routes.Route {
	var out []routes.Route
	for _, r := range routes.Table {
		if r.Method == http.MethodGet && (r.Auth == routes.Agent || r.Auth == routes.SiteKey) {
			out = append(out, r)
		}
	}
	return out
}

// rounds sends one request with every DynamoDB call slowed down and
// returns its answer and the calls it made.
func rounds(t *testing.T, env *testenv.Env, send func() *testenv.Response) (*testenv.Response, []dynamo.Span) {
	t.Helper()
	env.Stack.Drain(t.Context(), 10*time.Second)
	env.Calls.SetDelay(slow)
	env.Calls.Record(true)
	defer func() {
		env.Calls.Record(false)
		env.Calls.SetDelay(0)
	}()
	env.Calls.Spans()
	r := send()
	return r, env.Calls.Spans()
}

func ops(spans []dynamo.Span) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.Op
	}
	return out
}

// TestAuthenticatedReadsMakeTwoRoundTrips sends every authenticated GET of
// the agent and public APIs, and its MCP tool, each with a credential the
// service has not seen before, and counts the DynamoDB calls made one after
// another: at most the credential, then one round of everything else
// (budget, plan, the endpoint's own reads).
func TestAuthenticatedReadsMakeTwoRoundTrips(t *testing.T) {
	checkReads(t, true, func(route routes.Route) int { return maxRounds + dependentReads[route.Key()] })
}

// dependentReads are the reads whose second read depends on the first:
// an article's destinations, beyond the spec's index (the integrations
// name the connections whose pushes are read). The forum thread of one id
// names its draft or reply too, but the readable account has no thread, so
// only its known-credential read counts it (forumThreadRoute).
var dependentReads = map[string]int{
	routes.ListArticleDestinations.Key(): 1,
}

// TestReadsWithAKnownKeyMakeOneRoundTrip sends every authenticated GET of
// the agent and public APIs, and its MCP tool, with a credential the
// function accepted before: the credential's check runs beside the budget
// counts, the plan and the endpoint's own reads, so the whole read is one
// round trip (two for the endpoints whose second read depends on the
// first: a thread, then its draft or reply; an article's destinations).
func TestReadsWithAKnownKeyMakeOneRoundTrip(t *testing.T) {
	checkReads(t, false, func(route routes.Route) int {
		if route.Key() == forumThreadRoute {
			return 2
		}
		return 1 + dependentReads[route.Key()]
	})
}

// checkReads sends every authenticated GET of both APIs, then its MCP
// tool, on a stack of its own, each with a credential not seen before
// (fresh) or with the account's own once the function knows it, and fails
// when one makes more round trips one after another than want says.
func checkReads(t *testing.T, fresh bool, want func(routes.Route) int) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	acct := env.NewReadable(t, "")
	tools := map[string]string{}
	for _, tool := range mcpserver.Tools() {
		tools[tool.Route.Key()] = tool.Name()
	}
	// The MCP server registers its tools on its first request, as a
	// function does once after it starts: not a round trip to count.
	acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Accept: application/json, text/event-stream").Expect(t, http.StatusOK)
	for _, route := range reads() {
		t.Run(route.Key(), func(t *testing.T) {
			reader, caller := acct, acct.Client
			if fresh {
				reader, caller = withNewKey(t, acct, route), newAgentKey(t, acct)
			} else {
				acct.Read(t, route) // the function now knows the credential
			}
			r, spans := rounds(t, env, func() *testenv.Response { return reader.Read(t, route) })
			if r.Status >= 500 {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			if n := dynamo.Rounds(spans); n > want(route) {
				t.Errorf("%d round trips one after another (%v), want at most %d", n, ops(spans), want(route))
			}
			tool := tools[route.Key()]
			if tool == "" {
				return // the public API, and the MCP address itself
			}
			r, spans = rounds(t, env, func() *testenv.Response { return caller.CallTool(t, tool, toolArgs(acct, route)) })
			if r.Status != http.StatusOK {
				t.Fatalf("tool %s: status %d: %s", tool, r.Status, r.Body)
			}
			if n := dynamo.Rounds(spans); n > want(route) {
				t.Errorf("tool %s: %d round trips one after another (%v), want at most %d", tool, n, ops(spans), want(route))
			}
		})
	}
}

// withNewKey returns acct reading with a new credential of the kind route
// takes: a site key for the public API, else an agent key.
func withNewKey(t *testing.T, acct *testenv.Readable, route routes.Route) *testenv.Readable {
	owner := *acct.Account
	fresh := &testenv.Readable{Account: &owner, ArticleID: acct.ArticleID, SiteKey: acct.SiteKey, WebhookID: acct.WebhookID}
	if route.Auth == routes.SiteKey {
		fresh.SiteKey = newSiteKey(t, acct)
	} else {
		fresh.Client = newAgentKey(t, acct)
	}
	return fresh
}

// newAgentKey creates an agent key on acct, revoked when the test ends (an
// account has at most 25), and returns a client that sends it.
func newAgentKey(t *testing.T, acct *testenv.Readable) *testenv.Client {
	t.Helper()
	var out struct {
		AgentKey struct{ ID, Key string } `json:"agent_key"`
	}
	acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Fresh key"}).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() {
		acct.Client.Agent(t, "DELETE", "/agent-keys/"+out.AgentKey.ID, nil).Expect(t, http.StatusOK)
	})
	return acct.Client.As(out.AgentKey.Key)
}

// newSiteKey creates a site key on acct's site and returns it.
func newSiteKey(t *testing.T, acct *testenv.Readable) string {
	t.Helper()
	var out struct {
		SiteKey struct{ Key string } `json:"site_key"`
	}
	acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/keys", map[string]any{"name": "Fresh key"}).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.SiteKey.Key
}

// toolArgs returns the arguments of route's tool: its path parameters.
func toolArgs(acct *testenv.Readable, route routes.Route) map[string]string {
	args := map[string]string{}
	for _, p := range route.Params() {
		args[p] = acct.Params()[p]
	}
	return args
}

// forumThreadRoute reads a thread, then the draft or reply it names.
const forumThreadRoute = "GET " + routes.AgentBase + "/sites/{site_id}/forum/threads/{thread_id}"
