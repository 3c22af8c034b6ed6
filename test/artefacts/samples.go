package artefacts

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Case is one invocation of a function: a sample event of events/ and what
// the function must answer to it.
type Case struct {
	// Sample is the event's file under events/.
	Sample string
	// Check judges the answer.
	Check Check
}

// Check judges a function's answer to a sample; nil means right.
type Check func(ctx context.Context, a Answer) error

// Answer is what a Check judges.
type Answer struct {
	// Payload is the invocation's result, as Lambda returns it.
	Payload []byte
	// Event is the sample that was sent.
	Event []byte
	// Env is the function's environment.
	Env map[string]string
	// Local holds the stand-ins, to look at what the function sent.
	Local *Local
}

// Samples maps every function of the template to the samples it is invoked
// with, in order, against an empty table. The first one is also the event
// of the cold-start benchmark (test/coldstart). A function of the template
// without a line here fails the RIE test: a new function is one line here
// and one sample under events/ (an API Gateway sample must carry a route key
// of the function's group in shared/edge/routes, which
// TestSamplesMatchRouteGroups checks).
var Samples = map[string][]Case{
	"accounts":         {{"apigw-v2-get-account.json", AgentUnauthorized}, {"apigw-v2-post-accounts-base64.json", AccountCreated}, {"apigw-v2-unknown-route.json", JSONNotFound}},
	"sites":            {{"apigw-v2-get-site.json", AgentUnauthorized}},
	"content":          {{"apigw-v2-content.json", AgentUnauthorized}},
	"backlinks":        {{"apigw-v2-backlinks.json", AgentUnauthorized}},
	"forum":            {{"apigw-v2-forum.json", AgentUnauthorized}},
	"billing":          {{"apigw-v2-billing.json", AgentUnauthorized}},
	"events":           {{"apigw-v2-events.json", AgentUnauthorized}},
	"mcp":              {{"apigw-v2-mcp.json", AgentUnauthorized}},
	"public":           {{"apigw-v2-public.json", PublicUnauthorized}},
	"oauth":            {{"apigw-v2-oauth.json", OAuthMetadata}},
	"pages":            {{"apigw-v2-signin.json", SignInPage}},
	"payments-webhook": {{"apigw-v2-payments-webhook.json", WebhookRefused}},
	"jobworker":        {{"sqs-jobs-batch.json", NoBatchItemFailures}},
	"deliveries":       {{"sqs-deliveries-batch.json", NoBatchItemFailures}},
	"scheduler":        {{"eventbridge-schedule.json", NoError}},
}

// ReadSample returns the bytes of events/<name> under root.
func ReadSample(root, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(root, "events", name))
}

// IsHTTP reports whether a sample is an API Gateway HTTP API event.
func IsHTTP(event []byte) bool {
	var ev struct {
		Version  string `json:"version"`
		RouteKey string `json:"routeKey"`
	}
	return json.Unmarshal(event, &ev) == nil && ev.Version == "2.0" && ev.RouteKey != ""
}

// httpAnswer is an API Gateway answer with its body decoded.
type httpAnswer struct {
	events.APIGatewayV2HTTPResponse
	body []byte
}

// header returns a response header, whatever its case.
func (h httpAnswer) header(name string) string {
	for k, v := range h.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	for k, vs := range h.MultiValueHeaders {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			return vs[0]
		}
	}
	return ""
}

// jsonObject decodes the body as one JSON object, after checking the
// Content-Type.
func (h httpAnswer) jsonObject() (map[string]any, error) {
	if ct := h.header("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return nil, fmt.Errorf("Content-Type %q, want application/json (body %s)", ct, h.body)
	}
	var m map[string]any
	if err := json.Unmarshal(h.body, &m); err != nil {
		return nil, fmt.Errorf("body %s is not a JSON object: %v", h.body, err)
	}
	return m, nil
}

// decodeHTTP reads an API Gateway answer with status want.
func decodeHTTP(payload []byte, want int) (httpAnswer, error) {
	var h httpAnswer
	if err := json.Unmarshal(payload, &h.APIGatewayV2HTTPResponse); err != nil {
		return h, fmt.Errorf("the answer %s is not an API Gateway v2 response: %v", payload, err)
	}
	h.body = []byte(h.Body)
	if h.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(h.Body)
		if err != nil {
			return h, fmt.Errorf("the base64 body does not decode: %v", err)
		}
		h.body = b
	}
	if h.StatusCode != want {
		return h, fmt.Errorf("status %d, want %d (body %s)", h.StatusCode, want, h.body)
	}
	return h, nil
}

// errorBody checks that m is exactly the error body with keys (error and
// code, or error alone), and that code, when wanted, is code.
func errorBody(m map[string]any, code string) error {
	want := []string{"error"}
	if code != "" {
		want = append(want, "code")
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sort.Strings(want)
	if !slices.Equal(keys, want) {
		return fmt.Errorf("error body %v has keys %v, want %v", m, keys, want)
	}
	if msg, _ := m["error"].(string); strings.TrimSpace(msg) == "" {
		return fmt.Errorf("error body %v has no error sentence", m)
	}
	if code != "" && m["code"] != code {
		return fmt.Errorf("error code %v, want %s", m["code"], code)
	}
	return nil
}

// AgentUnauthorized wants the agent API's 401 (spec 5): the error body
// {error, code: unauthorized} and WWW-Authenticate pointing at the
// protected-resource metadata under BASE_URL.
func AgentUnauthorized(_ context.Context, a Answer) error {
	h, err := decodeHTTP(a.Payload, 401)
	if err != nil {
		return err
	}
	want := `Bearer resource_metadata="` + a.Env["BASE_URL"] + `/.well-known/oauth-protected-resource"`
	if got := h.header("WWW-Authenticate"); got != want {
		return fmt.Errorf("WWW-Authenticate %q, want %q", got, want)
	}
	m, err := h.jsonObject()
	if err != nil {
		return err
	}
	return errorBody(m, "unauthorized")
}

// PublicUnauthorized wants the public articles API's 401: {error} about
// the site key, with WWW-Authenticate: Bearer.
func PublicUnauthorized(_ context.Context, a Answer) error {
	h, err := decodeHTTP(a.Payload, 401)
	if err != nil {
		return err
	}
	if got := h.header("WWW-Authenticate"); got != "Bearer" {
		return fmt.Errorf("WWW-Authenticate %q, want Bearer", got)
	}
	m, err := h.jsonObject()
	if err != nil {
		return err
	}
	if err := errorBody(m, ""); err != nil {
		return err
	}
	if msg, _ := m["error"].(string); !strings.Contains(msg, "site key") {
		return fmt.Errorf("error %q does not speak of the site key", msg)
	}
	return nil
}

// JSONNotFound wants the JSON 404 of a path no route serves, naming the
// path.
func JSONNotFound(_ context.Context, a Answer) error {
	h, err := decodeHTTP(a.Payload, 404)
	if err != nil {
		return err
	}
	m, err := h.jsonObject()
	if err != nil {
		return err
	}
	if err := errorBody(m, "not_found"); err != nil {
		return err
	}
	var ev events.APIGatewayV2HTTPRequest
	_ = json.Unmarshal(a.Event, &ev)
	if msg, _ := m["error"].(string); !strings.Contains(msg, ev.RawPath) {
		return fmt.Errorf("error %q does not name the path %s", msg, ev.RawPath)
	}
	return nil
}

// OAuthMetadata wants the authorization server metadata (RFC 8414) with
// every address under BASE_URL.
func OAuthMetadata(_ context.Context, a Answer) error {
	h, err := decodeHTTP(a.Payload, 200)
	if err != nil {
		return err
	}
	m, err := h.jsonObject()
	if err != nil {
		return err
	}
	base := a.Env["BASE_URL"]
	for field, want := range map[string]string{
		"issuer":                 base,
		"authorization_endpoint": base + "/oauth/authorize",
		"token_endpoint":         base + "/oauth/token",
		"registration_endpoint":  base + "/oauth/register",
		"revocation_endpoint":    base + "/oauth/revoke",
	} {
		if m[field] != want {
			return fmt.Errorf("%s %v, want %s", field, m[field], want)
		}
	}
	for field, want := range map[string]string{"code_challenge_methods_supported": "S256", "response_types_supported": "code"} {
		list, _ := m[field].([]any)
		if !slices.Contains(list, any(want)) {
			return fmt.Errorf("%s %v does not hold %s", field, m[field], want)
		}
	}
	return nil
}

// SignInPage wants the owner's sign-in page: 200 HTML, not cached nor
// framed, with the email form.
func SignInPage(_ context.Context, a Answer) error {
	h, err := decodeHTTP(a.Payload, 200)
	if err != nil {
		return err
	}
	if ct := h.header("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		return fmt.Errorf("Content-Type %q, want text/html", ct)
	}
	if h.header("Cache-Control") != "no-store" || h.header("X-Frame-Options") != "DENY" {
		return fmt.Errorf("Cache-Control %q, X-Frame-Options %q; want no-store and DENY", h.header("Cache-Control"), h.header("X-Frame-Options"))
	}
	for _, want := range []string{`<form method="post" action="/signin">`, `name="email"`} {
		if !strings.Contains(string(h.body), want) {
			return fmt.Errorf("the page has no %s:\n%s", want, h.body)
		}
	}
	return nil
}

// WebhookRefused wants the payments webhook to refuse the sample's bad
// signature: 400 bad_request when the function has a webhook secret
// (STRIPE_SECRET_ID), else 404 not_found (no webhook configured).
func WebhookRefused(_ context.Context, a Answer) error {
	status, code := 404, "not_found"
	if a.Env["STRIPE_SECRET_ID"] != "" {
		status, code = 400, "bad_request"
	}
	h, err := decodeHTTP(a.Payload, status)
	if err != nil {
		return err
	}
	m, err := h.jsonObject()
	if err != nil {
		return err
	}
	return errorBody(m, code)
}

// AccountCreated wants POST /accounts' 201 with the account, its site, its
// agent key and a claim link under BASE_URL; then the scan job's message
// on the jobs queue (SQS) and the claim email sent (SES).
func AccountCreated(ctx context.Context, a Answer) error {
	h, err := decodeHTTP(a.Payload, 201)
	if err != nil {
		return err
	}
	if _, err := h.jsonObject(); err != nil {
		return err
	}
	var c struct {
		Account  struct{ ID, Email string }
		Site     struct{ ID string }
		AgentKey struct{ Key string } `json:"agent_key"`
		ScanJob  string               `json:"scan_job_id"`
		ClaimURL string               `json:"claim_url"`
	}
	if err := json.Unmarshal(h.body, &c); err != nil {
		return err
	}
	if c.Account.ID == "" || c.Account.Email != "owner@example.com" || c.Site.ID == "" || !strings.HasPrefix(c.AgentKey.Key, "rv_agent_") || c.ScanJob == "" {
		return fmt.Errorf("created %s, want an account for owner@example.com with a site, an agent key and a scan job", h.body)
	}
	if !strings.HasPrefix(c.ClaimURL, a.Env["BASE_URL"]+"/claim/") {
		return fmt.Errorf("claim_url %q is not under BASE_URL %s", c.ClaimURL, a.Env["BASE_URL"])
	}
	want := `{"account_id":"` + c.Account.ID + `","job_id":"` + c.ScanJob + `"}`
	var got []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		out, err := a.Local.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl: aws.String(a.Env["JOBS_QUEUE_URL"]), MaxNumberOfMessages: 10, WaitTimeSeconds: 1,
		})
		if err != nil {
			return fmt.Errorf("read the jobs queue: %w", err)
		}
		for _, m := range out.Messages {
			got = append(got, aws.ToString(m.Body))
		}
		if slices.Contains(got, want) {
			break
		}
	}
	if !slices.Contains(got, want) {
		return fmt.Errorf("the jobs queue holds %q, want the scan job's message %s", got, want)
	}
	sent, err := a.Local.SentMails(ctx)
	if err != nil {
		return err
	}
	if sent < 1 {
		return fmt.Errorf("SES sent %d emails, want the claim email", sent)
	}
	return nil
}

// NoBatchItemFailures wants an SQS batch answer that reports no record for
// retry.
func NoBatchItemFailures(_ context.Context, a Answer) error {
	var resp events.SQSEventResponse
	if err := json.Unmarshal(a.Payload, &resp); err != nil {
		return fmt.Errorf("the answer %s is not an SQS batch response: %v", a.Payload, err)
	}
	if len(resp.BatchItemFailures) > 0 {
		return fmt.Errorf("batchItemFailures %+v, want none", resp.BatchItemFailures)
	}
	return nil
}

// NoError wants a handler that returned no error and no value.
func NoError(_ context.Context, a Answer) error {
	if s := strings.TrimSpace(string(a.Payload)); s != "null" && s != "" {
		return fmt.Errorf("answer %s, want null", a.Payload)
	}
	return nil
}

// Lost lists the values of want (decoded JSON) that got does not carry
// equal, each with its path under path: what a decoding of a sample event
// dropped or changed.
func Lost(path string, want, got any) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want an object, got %v", path, got)}
		}
		var out []string
		for k, v := range w {
			out = append(out, Lost(path+"."+k, v, g[k])...)
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: want %d elements, got %v", path, len(w), got)}
		}
		var out []string
		for i := range w {
			out = append(out, Lost(fmt.Sprintf("%s[%d]", path, i), w[i], g[i])...)
		}
		return out
	}
	if !reflect.DeepEqual(want, got) {
		return []string{fmt.Sprintf("%s: want %v, got %v", path, want, got)}
	}
	return nil
}
