package bedrock

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"rvcontent/shared/platform/awsenv"
	"rvcontent/shared/platform/model"
)

// fakeBedrock is a local stand-in for the Bedrock runtime endpoint: it
// records Converse requests and answers with a canned message or error.
type fakeBedrock struct {
	mu       sync.Mutex
	requests []request
	answer   string    // the assistant's text
	status   int       // non-zero: answer with this error status
	fail     []failure // error answers of the first requests, before the above
}

// failure is an error answer: its status and X-Amzn-ErrorType.
type failure struct {
	status int
	typ    string
}

type request struct {
	Method, Host, Path, EscapedPath, Auth, Date, ContentType, Body string

	System []struct{ Text string } `json:"system"`
	Msgs   []struct {
		Role    string `json:"role"`
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
	} `json:"messages"`
	Inference struct {
		MaxTokens   int     `json:"maxTokens"`
		Temperature float64 `json:"temperature"`
	} `json:"inferenceConfig"`
}

func (f *fakeBedrock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req request
	_ = json.Unmarshal(body, &req)
	req.Method, req.Host, req.Path, req.EscapedPath, req.Body = r.Method, r.Host, r.URL.Path, r.URL.EscapedPath(), string(body)
	req.Auth, req.Date, req.ContentType = r.Header.Get("Authorization"), r.Header.Get("X-Amz-Date"), r.Header.Get("Content-Type")
	f.mu.Lock()
	f.requests = append(f.requests, req)
	fail := failure{status: f.status, typ: "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/"}
	if len(f.fail) > 0 {
		fail, f.fail = f.fail[0], f.fail[1:]
	}
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if fail.status != 0 {
		w.Header().Set("X-Amzn-Errortype", fail.typ)
		w.WriteHeader(fail.status)
		io.WriteString(w, `{"message":"The provided model identifier is invalid."}`)
		return
	}
	out, _ := json.Marshal(map[string]any{
		"output":     map[string]any{"message": map[string]any{"role": "assistant", "content": []any{map[string]any{"text": f.answer}}}},
		"stopReason": "end_turn",
		"usage":      map[string]any{"inputTokens": 100, "outputTokens": 20, "totalTokens": 120},
		"metrics":    map[string]any{"latencyMs": 5},
	})
	w.Write(out)
}

// newModel returns the model modelID (DefaultModelID when empty) of a
// deployed function's configuration, its Bedrock endpoint f.
func newModel(t *testing.T, f *fakeBedrock, modelID ...string) *Model {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ENDPOINT_URL_"+awsenv.BedrockRuntime, srv.URL)
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")}
	id := "test.model-v1:0"
	if len(modelID) > 0 {
		id = modelID[0]
	}
	return FromConfig(cfg, id)
}

var input = model.AnalyzeInput{
	BrandName: "Ledgerly",
	Pages: []model.Page{{
		URL: "https://ledgerly.example.com/", Title: "Ledgerly | Invoicing for freelancers",
		Description: "Invoicing software for freelancers.", Headings: []string{"Ledgerly vs Wave"},
		Text: "Send invoices in seconds. Trusted by Shopify sellers.", Links: []model.Link{{Text: "Compare with Wave", URL: "https://ledgerly.example.com/vs/wave"}},
	}},
}

func TestAnalyzeConverse(t *testing.T) {
	f := &fakeBedrock{answer: "Here you go:\n```json\n{\"niche\": \"Invoicing software\", \"audience\": \"freelancers\", \"competitors\": [\"Wave\", \"Shopify\", \"Stripe\"]}\n```"}
	m := newModel(t, f)
	got, err := m.Analyze(context.Background(), input)
	if err != nil {
		t.Fatal(err)
	}
	want := model.Summary{Niche: "Invoicing software", Audience: "freelancers", Competitors: []string{"Wave", "Shopify", "Stripe"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want the model's answer as is %+v", got, want)
	}
	// Grounding keeps Wave (compared on the page), drops Shopify (named,
	// never compared) and Stripe (not on the pages).
	if g := model.Ground(got, input); !reflect.DeepEqual(g.Competitors, []string{"Wave"}) || g.Niche != "Invoicing software" {
		t.Fatalf("grounded %+v", g)
	}
	if len(f.requests) != 1 {
		t.Fatalf("%d requests", len(f.requests))
	}
	r := f.requests[0]
	if r.Path != "/model/test.model-v1:0/converse" {
		t.Errorf("path %q", r.Path)
	}
	if !strings.HasPrefix(r.Auth, "AWS4-HMAC-SHA256 Credential=AKIDTEST/") || !strings.Contains(r.Auth, "/bedrock/aws4_request") {
		t.Errorf("request not signed for bedrock: %q", r.Auth)
	}
	if len(r.System) != 1 || !strings.Contains(r.System[0].Text, "Never add knowledge of your own") {
		t.Errorf("system prompt %+v", r.System)
	}
	if len(r.Msgs) != 1 || r.Msgs[0].Role != "user" || !strings.Contains(r.Msgs[0].Content[0].Text, "Trusted by Shopify sellers") ||
		!strings.Contains(r.Msgs[0].Content[0].Text, "Business name: Ledgerly") {
		t.Errorf("user message %+v", r.Msgs)
	}
	if r.Inference.MaxTokens != 600 || r.Inference.Temperature != 0 {
		t.Errorf("inference config %+v", r.Inference)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	if _, err := newModel(t, &fakeBedrock{status: 400}).Analyze(context.Background(), input); err == nil || !strings.Contains(err.Error(), "ValidationException") {
		t.Fatalf("error status: %v", err)
	}
	if _, err := newModel(t, &fakeBedrock{answer: "I cannot tell."}).Analyze(context.Background(), input); err == nil {
		t.Fatal("an answer without JSON must be an error")
	}
	if _, err := newModel(t, &fakeBedrock{answer: `{"niche": 3}`}).Analyze(context.Background(), input); err == nil {
		t.Fatal("an answer of the wrong shape must be an error")
	}
}

func TestPromptIsCapped(t *testing.T) {
	in := model.AnalyzeInput{Pages: []model.Page{{URL: "https://x.example.com/", Text: strings.Repeat("é", 50000)}}}
	p := analyzePrompt(in, 1001)
	if len(p) > 1001 || !strings.HasPrefix(p, "\n--- Page 1") || strings.ContainsRune(p, '\uFFFD') {
		t.Fatalf("prompt of %d bytes", len(p))
	}
}

// TestConverseRequest: a call is Converse of the model as the SDK sent it:
// POST /model/{modelId}/converse with the id escaped, a JSON body of one
// system text, one user message and the inference settings, signed with
// Signature Version 4 for bedrock in the configuration's region.
func TestConverseRequest(t *testing.T) {
	f := &fakeBedrock{answer: "Hello."}
	got, err := newModel(t, f, "").Converse(context.Background(), "Be brief.", "Say \"hello\".", 50)
	if err != nil || got != "Hello." {
		t.Fatalf("answer %q (%v)", got, err)
	}
	r := f.requests[0]
	if r.Method != http.MethodPost || r.Path != "/model/"+DefaultModelID+"/converse" ||
		r.EscapedPath != "/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse" {
		t.Errorf("request %s %s (%s)", r.Method, r.Path, r.EscapedPath)
	}
	want := `{"system":[{"text":"Be brief."}],"messages":[{"role":"user","content":[{"text":"Say \"hello\"."}]}],"inferenceConfig":{"maxTokens":50,"temperature":0}}`
	if r.Body != want || r.ContentType != "application/json" {
		t.Errorf("body %s (%s), want %s", r.Body, r.ContentType, want)
	}
	date, err := time.Parse("20060102T150405Z", r.Date)
	if err != nil {
		t.Fatalf("X-Amz-Date %q: %v", r.Date, err)
	}
	if !strings.HasPrefix(r.Auth, "AWS4-HMAC-SHA256 Credential=AKIDTEST/"+r.Date[:8]+"/us-east-1/bedrock/aws4_request, SignedHeaders=") {
		t.Fatalf("request not signed for bedrock: %q", r.Auth)
	}
	// The signature is that of the request as it arrived.
	again, _ := http.NewRequest(r.Method, "http://"+r.Host+r.EscapedPath, strings.NewReader(r.Body))
	again.Header.Set("Content-Type", r.ContentType)
	sum := sha256.Sum256([]byte(r.Body))
	creds := aws.Credentials{AccessKeyID: "AKIDTEST", SecretAccessKey: "secret"}
	if err := v4.NewSigner().SignHTTP(context.Background(), creds, again, hex.EncodeToString(sum[:]), "bedrock", "us-east-1", date); err != nil {
		t.Fatal(err)
	}
	if a := again.Header.Get("Authorization"); a != r.Auth {
		t.Errorf("signature %q, want %q", r.Auth, a)
	}
}

// TestConverseRetries: a throttled answer, a server error or a network
// error is sent again, up to Attempts times in all; other errors stand at
// once, named by their type.
func TestConverseRetries(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name     string
		fail     []failure
		requests int
		err      string // "": answered
	}{
		{"throttled once", []failure{{429, "ThrottlingException"}}, 2, ""},
		{"server error once", []failure{{500, "InternalServerException"}}, 2, ""},
		{"unavailable every time", []failure{{503, "ServiceUnavailableException"}, {503, "ServiceUnavailableException"}, {503, "ServiceUnavailableException"}}, Attempts, "ServiceUnavailableException"},
		{"refused", []failure{{403, "AccessDeniedException"}}, 1, "AccessDeniedException"},
		{"invalid", []failure{{400, "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/"}}, 1, "ValidationException"},
		{"model timed out", []failure{{408, "ModelTimeoutException"}}, 1, "ModelTimeoutException"},
	} {
		f := &fakeBedrock{answer: "Hello.", fail: c.fail}
		got, err := newModel(t, f).Converse(ctx, "s", "u", 10)
		var ae *APIError
		switch {
		case len(f.requests) != c.requests:
			t.Errorf("%s: %d requests, want %d", c.name, len(f.requests), c.requests)
		case c.err == "" && (err != nil || got != "Hello."):
			t.Errorf("%s: answer %q (%v)", c.name, got, err)
		case c.err != "" && (!errors.As(err, &ae) || ae.ErrorCode() != c.err || !strings.Contains(err.Error(), c.err) ||
			ae.ErrorMessage() != "The provided model identifier is invalid."):
			t.Errorf("%s: error %v, want one of type %s", c.name, err, c.err)
		}
	}

	// A network error: nothing listens at the endpoint.
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	t.Setenv("AWS_ENDPOINT_URL_"+awsenv.BedrockRuntime, srv.URL)
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")}
	if _, err := FromConfig(cfg, "").Converse(ctx, "s", "u", 10); err == nil {
		t.Error("a network error was no error")
	}

	// The context ends during a pause.
	f := &fakeBedrock{fail: []failure{{429, "ThrottlingException"}, {429, "ThrottlingException"}, {429, "ThrottlingException"}}}
	m := newModel(t, f)
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := m.Converse(short, "s", "u", 10); err == nil || time.Since(start) > 500*time.Millisecond {
		t.Errorf("answer %v after %v", err, time.Since(start))
	}
}

// TestAPIError: the error type is read from the header, else the body,
// without the header's suffix or the body's namespace.
func TestAPIError(t *testing.T) {
	for _, c := range []struct {
		header, body, code, message string
	}{
		{"ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/", `{"message":"Too many requests"}`, "ThrottlingException", "Too many requests"},
		{"", `{"__type":"com.amazon.bedrock#ValidationException","Message":"bad"}`, "ValidationException", "bad"},
		{"", `upstream failed`, "Bad Gateway", "upstream failed"},
	} {
		h := http.Header{}
		if c.header != "" {
			h.Set("X-Amzn-ErrorType", c.header)
		}
		e := apiError(http.StatusBadGateway, h, []byte(c.body))
		if e.Code != c.code || e.Message != c.message {
			t.Errorf("%q %q: %+v", c.header, c.body, e)
		}
	}
}
