package audit29h

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"rvcontent/test/testenv"
)

// TestEventTypesFilterListsTheTypes: README "Events and webhooks", "`types`
// takes the event types of spec 6 (those a webhook endpoint subscribes
// to, `webhook.test` included); any other value, `*` included, answers 422
// `validation_failed` on `types`"; README "OpenAPI": the document states
// each operation's query parameters, and its limits are the service's.
// Defect: the agent document declared `types` of GET /events as a list of
// any strings, so a client generated from it (or an MCP caller reading the
// tool's input schema) sent a misspelt or made-up type and met a 422 the
// document did not foresee, while GET /jobs's `kind` and `status` list
// their values. The document now lists the event types (with the spaces
// and empty values a list filter passes over), so it refuses what the
// service refuses and takes what the service takes.
func TestEventTypesFilterListsTheTypes(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for _, types := range []string{"bogus.type", "*", "site.scan_completed,site.scanned"} {
		path := "/events?types=" + url.QueryEscape(types)
		e := a.Client.Agent(t, "GET", path, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if d, _ := e["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "types" {
			t.Fatalf("GET %s: details %v, want one on types", path, e["details"])
		}
		if documentRefuses(t, env, path) == nil {
			t.Errorf("GET %s answers 422 on types, yet the document takes it", path)
		}
	}
	// Values the service takes, the document takes too (the contract check
	// of the client fails the test otherwise).
	a.Client.Agent(t, "GET", "/events?types="+url.QueryEscape("webhook.test, site.scan_completed,"), nil).Expect(t, http.StatusOK)
}

// TestActivityActorFilterIsAnIDOrService: README "Activity", "`actor_id`
// must be an actor's id, a UUID (agent key, app, site key, or the owner's
// account id) or `service`; any other value answers 422 on `actor_id`".
// Defect: the agent document declared `actor_id` of GET /activity as any
// string, described as "an agent key or OAuth connection id" (neither a
// site key, the owner nor service), so the document took values the
// service refuses. It now says which values it takes and refuses the rest.
func TestActivityActorFilterIsAnIDOrService(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for _, actor := range []string{"bogus", "agent-key-1", "SERVICE"} {
		path := "/activity?actor_id=" + url.QueryEscape(actor)
		e := a.Client.Agent(t, "GET", path, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if d, _ := e["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "actor_id" {
			t.Fatalf("GET %s: details %v, want one on actor_id", path, e["details"])
		}
		if documentRefuses(t, env, path) == nil {
			t.Errorf("GET %s answers 422 on actor_id, yet the document takes it", path)
		}
	}
	for _, actor := range []string{"service", a.ID, "01A222BF-D33B-737A-B670-2148139B1AD5", ""} {
		a.Client.Agent(t, "GET", "/activity?actor_id="+url.QueryEscape(actor), nil).Expect(t, http.StatusOK)
	}
}

// TestAutopilotTimeOfDayIsHHMM: README "Publishing", "PATCH: ...
// `time_of_day` `HH:MM` UTC"; the service refuses any other value (9:00,
// 24:00, 09:00:00) with 422 on `time_of_day`. Defect: the agent document
// declared `time_of_day` of PATCH /sites/{site_id}/autopilot as any
// string, so a client generated from it sent "9:00" and met a 422 the
// document did not foresee. It now states the HH:MM pattern (spaces
// around it allowed: strings are trimmed).
func TestAutopilotTimeOfDayIsHHMM(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	path := "/sites/" + a.SiteID + "/autopilot"
	for _, bad := range []string{"9:00", "24:00", "09:00:00", "0900", "09:60"} {
		body := map[string]any{"time_of_day": bad}
		e := a.Client.Agent(t, "PATCH", path, body).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if d, _ := e["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "time_of_day" {
			t.Fatalf("time_of_day %q: details %v, want one on time_of_day", bad, e["details"])
		}
		if documentRefusesRequest(t, env, http.MethodPatch, path, body) == nil {
			t.Errorf("time_of_day %q answers 422, yet the document takes it", bad)
		}
	}
	for _, good := range []string{"00:00", "23:59", " 07:30 "} {
		got := a.Client.Agent(t, "PATCH", path, map[string]any{"time_of_day": good}).Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any)
		if got["time_of_day"] != strings.TrimSpace(good) {
			t.Errorf("time_of_day %q stored as %v", good, got["time_of_day"])
		}
	}
}

// documentRefuses checks a GET of path (relative to the agent API) against
// the agent document the stack serves, and returns why the document
// refuses it (nil when it takes it).
func documentRefuses(t *testing.T, env *testenv.Env, path string) error {
	t.Helper()
	return documentRefusesRequest(t, env, http.MethodGet, path, nil)
}

// documentRefusesRequest is documentRefuses for a request of any method,
// with body (nil for none) sent as JSON.
func documentRefusesRequest(t *testing.T, env *testenv.Env, method, path string, body any) error {
	t.Helper()
	raw := env.Client().Do(t, "GET", "/api/agent/v1/openapi.json", nil).Expect(t, http.StatusOK).Body
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		t.Fatal(err)
	}
	doc.Servers = openapi3.Servers{{URL: env.URL + "/api/agent/v1"}}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, env.URL+"/api/agent/v1"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		t.Fatalf("%s %s: no operation of the document: %v", method, path, err)
	}
	return openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
	})
}
