package bedrock

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"

	"rvcontent/shared/platform/model"
)

// fakeBedrock is a local stand-in for the Bedrock runtime endpoint: it
// records Converse requests and answers with a canned message or error.
type fakeBedrock struct {
	mu       sync.Mutex
	requests []request
	answer   string // the assistant's text
	status   int    // non-zero: answer with this error status
}

type request struct {
	Path   string
	Auth   string
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
	req.Path, req.Auth = r.URL.Path, r.Header.Get("Authorization")
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if f.status != 0 {
		w.Header().Set("X-Amzn-Errortype", "ValidationException")
		w.WriteHeader(f.status)
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

func newModel(t *testing.T, f *fakeBedrock) *Model {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	client := bedrockruntime.New(bedrockruntime.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(srv.URL),
		Credentials:  credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""),
	})
	return New(client, "test.model-v1:0")
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
