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
// the agent and public APIs, and its MCP tool, and counts the DynamoDB
// calls made one after another: at most the credential, then one round of
// everything else (budget, plan, the endpoint's own reads).
func TestAuthenticatedReadsMakeTwoRoundTrips(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	acct := env.NewReadable(t, "")
	tools := map[string]string{}
	for _, tool := range mcpserver.Tools() {
		tools[tool.Route.Key()] = tool.Name()
	}
	for _, route := range reads() {
		t.Run(route.Key(), func(t *testing.T) {
			acct.Read(t, route) // warm: first use of a key records it
			r, spans := rounds(t, env, func() *testenv.Response { return acct.Read(t, route) })
			if r.Status >= 500 {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			if n := dynamo.Rounds(spans); n > maxRounds {
				t.Errorf("%d round trips one after another (%v), want at most %d", n, ops(spans), maxRounds)
			}
			if route.Auth != routes.Agent {
				return
			}
			args := map[string]string{}
			for _, p := range route.Params() {
				args[p] = acct.Params()[p]
			}
			r, spans = rounds(t, env, func() *testenv.Response { return acct.Client.CallTool(t, tools[route.Key()], args) })
			if r.Status != http.StatusOK {
				t.Fatalf("tool %s: status %d: %s", tools[route.Key()], r.Status, r.Body)
			}
			if n := dynamo.Rounds(spans); n > maxRounds {
				t.Errorf("tool %s: %d round trips one after another (%v), want at most %d", tools[route.Key()], n, ops(spans), maxRounds)
			}
		})
	}
}

// TestReadsWithAKnownKeyMakeOneRoundTrip sends every authenticated GET of
// the agent API with an agent key the function accepted before: the
// credential's check runs beside the budget count and the endpoint's own
// reads, so the whole read is one round trip (two for the one endpoint
// that reads a thread, then its draft or reply).
func TestReadsWithAKnownKeyMakeOneRoundTrip(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	acct := env.NewReadable(t, "")
	for _, route := range reads() {
		if route.Auth != routes.Agent {
			continue
		}
		t.Run(route.Key(), func(t *testing.T) {
			acct.Read(t, route)
			r, spans := rounds(t, env, func() *testenv.Response { return acct.Read(t, route) })
			if r.Status >= 500 {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			want := 1
			if route.Key() == forumThreadRoute {
				want = 2
			}
			if n := dynamo.Rounds(spans); n > want {
				t.Errorf("%d round trips one after another (%v), want %d", n, ops(spans), want)
			}
		})
	}
}

// forumThreadRoute reads a thread, then the draft or reply it names.
const forumThreadRoute = "GET " + routes.AgentBase + "/sites/{site_id}/forum/threads/{thread_id}"
