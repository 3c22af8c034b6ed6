// Package audit22k holds black-box tests, over HTTP against a dev stack,
// of the errors and limits of the agent API and the public articles API
// (agent spec 7 and 8, public spec 7 and 8): each one shows a defect an
// audit found and that its fix holds, or checks a limit at its edge that
// no other package checks there. Each test starts its own stack with the
// background scheduler off, so time moves only when the test says.
package audit22k

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// served fetches the OpenAPI document at path from the stack.
func served(t *testing.T, env *testenv.Env, path string) map[string]any {
	t.Helper()
	return env.Client().Do(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)
}

// answerDescription returns the description of the answer with status of
// the operation method path in doc: the operation's own, else that of the
// shared answer it refers to.
func answerDescription(t *testing.T, doc map[string]any, method, path, status string) string {
	t.Helper()
	op, _ := doc["paths"].(map[string]any)[path].(map[string]any)[method].(map[string]any)
	if op == nil {
		t.Fatalf("the document has no %s %s", method, path)
	}
	answer, _ := op["responses"].(map[string]any)[status].(map[string]any)
	if answer == nil {
		t.Fatalf("%s %s lists no %s answer", method, path, status)
	}
	if d, ok := answer["description"].(string); ok {
		return d
	}
	ref, _ := answer["$ref"].(string)
	name := strings.TrimPrefix(ref, "#/components/responses/")
	shared, _ := doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
	if shared == nil {
		t.Fatalf("%s %s %s refers to %q, which the document lacks", method, path, status, ref)
	}
	d, _ := shared["description"].(string)
	return d
}

// TestAgentDocumentDescribesTheLimitAnswers: the served agent OpenAPI
// document says, on each operation a spec 8 limit applies to, which answer
// the request over the limit gets (spec 8's table and the endpoints'
// "409 conflict ... limit reached", "429 rate_limited after 3 in a day").
// The catalog names each of those answers, but merging an operation's
// errors kept only the first text of a status and code, the one every
// keyed or every agent operation shares ("the Idempotency-Key was used
// with another body", "the request budget is spent"), so the document
// described the 11th webhook endpoint's 409 and the 4th claim email's 429
// as idempotency misuse and a spent request budget.
func TestAgentDocumentDescribesTheLimitAnswers(t *testing.T) {
	env := testenv.StartQuiet(t)
	doc := served(t, env, "/api/agent/v1/openapi.json")
	for _, c := range []struct{ method, path, status, want string }{
		{"post", "/webhooks", "409", "10 endpoints"},
		{"post", "/agent-keys", "409", "25 active keys and connections"},
		{"post", "/account/resend-claim", "429", "3 claim emails"},
		{"post", "/sites/{site_id}/scan", "429", "3 scans today"},
		{"post", "/sites/{site_id}/research", "429", "10 research runs today"},
		{"post", "/sites/{site_id}/backlinks/targets", "409", "25 targets"},
		{"post", "/sites/{site_id}/forum/threads/{thread_id}/drafts", "409", "3 rewrites"},
	} {
		got := answerDescription(t, doc, c.method, c.path, c.status)
		if !strings.Contains(got, c.want) {
			t.Errorf("%s %s %s: %q, want it to name the limit (%q)", strings.ToUpper(c.method), c.path, c.status, got, c.want)
		}
		if c.status == "409" && !strings.Contains(got, "Idempotency-Key") {
			t.Errorf("%s %s 409: %q, want the Idempotency-Key conflict still named", strings.ToUpper(c.method), c.path, got)
		}
		if c.status == "429" && !strings.Contains(got, "request budget") {
			t.Errorf("%s %s 429: %q, want the request budget still named", strings.ToUpper(c.method), c.path, got)
		}
	}
}

// TestPublicDocumentStatesTheRequestLimits: the served public OpenAPI
// document's 429 answer states public spec 8's limits, "Per IP address |
// 300 requests per window" and "Per account | 120 requests per window",
// in a "fixed clock minute in UTC". It said only "a rate limit is spent;
// retry in the next clock minute", so a plugin author reading the
// document could not pace a bulk sync to the limits.
func TestPublicDocumentStatesTheRequestLimits(t *testing.T) {
	env := testenv.StartQuiet(t)
	doc := served(t, env, "/api/public/v1/openapi.json")
	for _, op := range []struct{ method, path string }{
		{"get", "/ping"}, {"get", "/articles"}, {"get", "/articles/{id}"}, {"patch", "/articles/{id}"},
	} {
		got := answerDescription(t, doc, op.method, op.path, "429")
		for _, want := range []string{"300 requests per caller address", "120 per account", "UTC clock minute"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s %s 429: %q, want it to state %q", strings.ToUpper(op.method), op.path, got, want)
			}
		}
	}
}
