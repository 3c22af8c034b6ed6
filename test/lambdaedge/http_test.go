package lambdaedge

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Identifiers the sample payloads carry, which tests replace with real ones.
const (
	sampleSiteID = "0b6f3a52-5c1e-4f7e-9d2a-7c3e8f1a2b4c"
	sampleKey    = "rv_agent_000000000000000000000000000000000000000000000000"
	sampleOwner  = "owner@example.com"
)

// created is what POST /accounts answers that the tests use.
type created struct {
	Account  struct{ ID, Email string }
	Site     struct{ ID string }
	AgentKey struct{ Key string } `json:"agent_key"`
	ScanJob  string               `json:"scan_job_id"`
	ClaimURL string               `json:"claim_url"`
}

// createAccount feeds the base64 POST /accounts sample to the accounts
// function and returns its answer.
func createAccount(t *testing.T, r *rig) created {
	t.Helper()
	var ev eventV2
	load(t, "apigw-v2-post-accounts-base64.json", nil, &ev)
	resp := r.invoke(t, ev)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /accounts: %d %s, want 201", resp.StatusCode, resp.Body)
	}
	var c created
	if err := json.Unmarshal([]byte(resp.Body), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestPostAccountsWithBase64Body(t *testing.T) {
	r := newRig(t)
	var ev eventV2
	load(t, "apigw-v2-post-accounts-base64.json", nil, &ev)
	if !ev.IsBase64Encoded {
		t.Fatal("the sample's body is not base64-encoded")
	}
	if body, err := base64.StdEncoding.DecodeString(ev.Body); err != nil || !json.Valid(body) {
		t.Fatalf("the sample's body does not decode to JSON: %v", err)
	}
	c := createAccount(t, r)
	if c.Account.Email != sampleOwner || c.Account.ID == "" || c.Site.ID == "" || !strings.HasPrefix(c.AgentKey.Key, "rv_agent_") {
		t.Errorf("created %+v, want an account for %s with a site and an agent key", c, sampleOwner)
	}
	if !strings.HasPrefix(c.ClaimURL, baseURL+"/claim/") {
		t.Errorf("claim_url %q does not start at BASE_URL %s", c.ClaimURL, baseURL)
	}
	if got := r.mail.To(sampleOwner); len(got) != 1 {
		t.Errorf("%d emails to the owner, want the claim email", len(got))
	}
	want := `{"account_id":"` + c.Account.ID + `","job_id":"` + c.ScanJob + `"}`
	if sent := r.jobs.sent(); len(sent) != 1 || sent[0] != want {
		t.Errorf("jobs queue got %q, want the scan job's message %s", sent, want)
	}

	replay := r.invoke(t, ev) // same Idempotency-Key, same body
	if replay.StatusCode != http.StatusCreated || header(replay, "Idempotent-Replayed") != "true" {
		t.Errorf("replay: %d, Idempotent-Replayed %q; want 201 replayed", replay.StatusCode, header(replay, "Idempotent-Replayed"))
	}
}

func TestGetSiteNeedsAValidKey(t *testing.T) {
	r := newRig(t)
	var ev eventV2
	load(t, "apigw-v2-get-site.json", nil, &ev)
	if ev.PathParameters["site_id"] == "" || ev.QueryStringParameters["include"] == "" {
		t.Fatal("the sample has no path parameter or query")
	}
	resp := r.invoke(t, ev)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("GET with the placeholder key: %d %s, want 401", resp.StatusCode, resp.Body)
	}
	if got := header(resp, "WWW-Authenticate"); !strings.Contains(got, baseURL+"/.well-known/oauth-protected-resource") {
		t.Errorf("WWW-Authenticate %q does not point at the resource metadata", got)
	}

	c := createAccount(t, r)
	load(t, "apigw-v2-get-site.json", map[string]string{sampleSiteID: c.Site.ID, sampleKey: c.AgentKey.Key}, &ev)
	resp = r.invoke(t, ev)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET with the account's key: %d %s, want 200", resp.StatusCode, resp.Body)
	}
	site, _ := decode(t, resp)["site"].(map[string]any)
	if site["id"] != c.Site.ID {
		t.Errorf("site %v, want id %s", site, c.Site.ID)
	}
	if header(resp, "X-Request-Id") == "" {
		t.Error("no X-Request-Id")
	}
}

func TestUnknownRouteAnswersJSON404(t *testing.T) {
	r := newRig(t)
	var ev eventV2
	load(t, "apigw-v2-unknown-route.json", nil, &ev)
	if ev.RouteKey != "$default" {
		t.Fatalf("route key %q, want $default", ev.RouteKey)
	}
	resp := r.invoke(t, ev)
	if resp.StatusCode != http.StatusNotFound || decode(t, resp)["code"] != "not_found" {
		t.Errorf("%d %s, want 404 not_found", resp.StatusCode, resp.Body)
	}
	if !strings.HasPrefix(header(resp, "Content-Type"), "application/json") {
		t.Errorf("Content-Type %q, want JSON", header(resp, "Content-Type"))
	}
}

// TestDeployedStackHasNoDevHarness checks that /_dev answers 404 in a
// deployed configuration: API Gateway sends it to the $default route.
func TestDeployedStackHasNoDevHarness(t *testing.T) {
	r := newRig(t)
	for _, call := range []struct{ method, path string }{
		{"GET", "/_dev/clock"}, {"POST", "/_dev/clock"}, {"POST", "/_dev/run-scheduled"}, {"GET", "/_dev/emails"},
	} {
		var ev eventV2
		load(t, "apigw-v2-unknown-route.json", map[string]string{"/api/agent/v1/no-such-endpoint": call.path, `"GET"`: `"` + call.method + `"`}, &ev)
		ev.RawQueryString, ev.QueryStringParameters = "", nil
		resp := r.invoke(t, ev)
		if resp.StatusCode != http.StatusNotFound || decode(t, resp)["code"] != "not_found" {
			t.Errorf("%s %s: %d %s, want 404 not_found", call.method, call.path, resp.StatusCode, resp.Body)
		}
	}
}
