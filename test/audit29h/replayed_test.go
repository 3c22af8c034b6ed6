package audit29h

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestReplayedRefusalsDeclareIdempotentReplayed: spec 4.1, "Same key, same
// body within 24 hours: the original response is replayed with header
// Idempotent-Replayed: true"; README "OpenAPI": the agent document names
// "the headers the spec names (... Idempotent-Replayed)". The service
// stores and replays a refusal as it does a success (a 422, a 404, a 409
// sent again under its key comes back with Idempotent-Replayed: true), so
// a client reading the header to tell a replay from a fresh answer must
// find it on those answers too. Defect: the document declared the header
// on success answers only; the error answers (components/responses) named
// X-Request-Id and X-RateLimit-* but not Idempotent-Replayed. It is now
// declared (optional) on every error answer a replay can give.
func TestReplayedRefusalsDeclareIdempotentReplayed(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	missing := "/sites/" + a.SiteID + "/keywords/00000000-0000-4000-8000-000000000000"
	for _, k := range []struct {
		op, method, path string
		body             any
		status           int
	}{
		{"create_agent_key", "POST", "/agent-keys", map[string]any{"name": "x"}, http.StatusUnprocessableEntity},
		{"delete_keyword", "DELETE", missing, nil, http.StatusNotFound},
		{"remove_studio_site", "DELETE", "/sites/" + a.SiteID, nil, http.StatusConflict},
		{"create_site_key", "POST", "/sites/" + a.SiteID + "/keys", map[string]any{"name": "CMS"}, http.StatusPaymentRequired},
	} {
		key := "Idempotency-Key: replay-" + k.op
		first := a.Client.Agent(t, k.method, k.path, k.body, key)
		again := a.Client.Agent(t, k.method, k.path, k.body, key)
		if first.Status != k.status || again.Status != k.status || again.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("%s: answers %d then %d (Idempotent-Replayed %q), want %d twice, the second a replay",
				k.op, first.Status, again.Status, again.Header.Get("Idempotent-Replayed"), k.status)
		}
		if !declaresHeader(t, env, k.op, k.status, "Idempotent-Replayed") {
			t.Errorf("%s: the document's %d answer does not name Idempotent-Replayed, which the replayed %d carried", k.op, k.status, k.status)
		}
	}
}

// declaresHeader reports whether the served agent document's answer with
// status to operation op names header.
func declaresHeader(t *testing.T, env *testenv.Env, op string, status int, header string) bool {
	t.Helper()
	doc := env.Client().Do(t, "GET", "/api/agent/v1/openapi.json", nil).Expect(t, http.StatusOK).JSON(t)
	for _, item := range doc["paths"].(map[string]any) {
		for _, o := range item.(map[string]any) {
			o := o.(map[string]any)
			if o["operationId"] != op {
				continue
			}
			resp, ok := o["responses"].(map[string]any)[strconv.Itoa(status)].(map[string]any)
			if !ok {
				t.Fatalf("%s declares no %d answer", op, status)
			}
			if ref, ok := resp["$ref"].(string); ok {
				name := strings.TrimPrefix(ref, "#/components/responses/")
				resp = doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
			}
			headers, _ := resp["headers"].(map[string]any)
			_, ok = headers[header]
			return ok
		}
	}
	t.Fatalf("no operation %s in the document", op)
	return false
}
