package artefacts

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// answer builds an API Gateway answer payload.
func answer(status int, headers map[string]string, body string) []byte {
	b, _ := json.Marshal(events.APIGatewayV2HTTPResponse{StatusCode: status, Headers: headers, Body: body})
	return b
}

// TestChecks runs each Check on answers it must accept and answers it must
// refuse, so a check that accepts anything cannot pass the RIE test.
func TestChecks(t *testing.T) {
	const base = "https://api.example.org"
	env := map[string]string{"BASE_URL": base}
	jsonCT := map[string]string{"Content-Type": "application/json"}
	agent401 := map[string]string{"Content-Type": "application/json", "WWW-Authenticate": `Bearer resource_metadata="` + base + `/.well-known/oauth-protected-resource"`}
	notFoundEvent := []byte(`{"version":"2.0","routeKey":"$default","rawPath":"/api/agent/v1/nope"}`)
	metadata := `{"issuer":"` + base + `","authorization_endpoint":"` + base + `/oauth/authorize","token_endpoint":"` + base + `/oauth/token",` +
		`"registration_endpoint":"` + base + `/oauth/register","revocation_endpoint":"` + base + `/oauth/revoke",` +
		`"code_challenge_methods_supported":["S256"],"response_types_supported":["code"]}`
	page := `<!doctype html><form method="post" action="/signin"><input name="email"></form>`
	html := map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Frame-Options": "DENY"}
	for _, c := range []struct {
		name    string
		check   Check
		payload []byte
		event   []byte
		env     map[string]string
		ok      bool
	}{
		{"agent 401", AgentUnauthorized, answer(401, agent401, `{"error":"Send a key.","code":"unauthorized"}`), nil, env, true},
		{"agent 401 without WWW-Authenticate", AgentUnauthorized, answer(401, jsonCT, `{"error":"Send a key.","code":"unauthorized"}`), nil, env, false},
		{"agent 401 with another key", AgentUnauthorized, answer(401, agent401, `{"error":"Send a key.","code":"unauthorized","x":1}`), nil, env, false},
		{"agent 403", AgentUnauthorized, answer(403, agent401, `{"error":"No.","code":"forbidden"}`), nil, env, false},
		{"public 401", PublicUnauthorized, answer(401, map[string]string{"Content-Type": "application/json", "WWW-Authenticate": "Bearer"}, `{"error":"Missing or invalid site key."}`), nil, env, true},
		{"public 401 with a code", PublicUnauthorized, answer(401, map[string]string{"Content-Type": "application/json", "WWW-Authenticate": "Bearer"}, `{"error":"Missing or invalid site key.","code":"unauthorized"}`), nil, env, false},
		{"404", JSONNotFound, answer(404, jsonCT, `{"error":"There is no endpoint GET /api/agent/v1/nope.","code":"not_found"}`), notFoundEvent, env, true},
		{"404 in HTML", JSONNotFound, answer(404, map[string]string{"Content-Type": "text/plain"}, `404 page not found`), notFoundEvent, env, false},
		{"metadata", OAuthMetadata, answer(200, jsonCT, metadata), nil, env, true},
		{"metadata of another host", OAuthMetadata, answer(200, jsonCT, metadata), nil, map[string]string{"BASE_URL": "https://other.example"}, false},
		{"sign-in page", SignInPage, answer(200, html, page), nil, env, true},
		{"sign-in page cached", SignInPage, answer(200, map[string]string{"Content-Type": "text/html"}, page), nil, env, false},
		{"webhook without secret", WebhookRefused, answer(404, jsonCT, `{"error":"No webhook.","code":"not_found"}`), nil, env, true},
		{"webhook with secret", WebhookRefused, answer(400, jsonCT, `{"error":"Bad signature.","code":"bad_request"}`), nil, map[string]string{"STRIPE_SECRET_ID": "stripe"}, true},
		{"webhook accepted", WebhookRefused, answer(200, jsonCT, `{"received":true}`), nil, env, false},
		{"batch", NoBatchItemFailures, []byte(`{"batchItemFailures":null}`), nil, env, true},
		{"batch with a failure", NoBatchItemFailures, []byte(`{"batchItemFailures":[{"itemIdentifier":"m1"}]}`), nil, env, false},
		{"schedule", NoError, []byte(`null`), nil, env, true},
		{"schedule with a value", NoError, []byte(`{"done":1}`), nil, env, false},
	} {
		err := c.check(context.Background(), Answer{Payload: c.payload, Event: c.event, Env: c.env})
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok=%v", c.name, err, c.ok)
		}
	}
}

// TestBase64Answer checks that a base64 body is decoded before judging.
func TestBase64Answer(t *testing.T) {
	b, _ := json.Marshal(events.APIGatewayV2HTTPResponse{
		StatusCode: 404, Headers: map[string]string{"content-type": "application/json"}, IsBase64Encoded: true,
		Body: base64.StdEncoding.EncodeToString([]byte(`{"error":"There is no endpoint GET /x.","code":"not_found"}`)),
	})
	if err := JSONNotFound(context.Background(), Answer{Payload: b, Event: []byte(`{"rawPath":"/x"}`)}); err != nil {
		t.Error(err)
	}
}

// TestFunctionError checks the recognition of Lambda's error report.
func TestFunctionError(t *testing.T) {
	if FunctionError([]byte(`{"errorMessage":"boom","errorType":"errorString"}`)) == nil {
		t.Error("an error report passed for an answer")
	}
	for _, ok := range []string{`null`, `{"statusCode":200}`, `{"batchItemFailures":[]}`} {
		if err := FunctionError([]byte(ok)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
