package gateway_test

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/gateway"
)

// seen is what a handler saw of its request.
type seen struct {
	method, path, rawPath, query, host, remote, uri string
	header                                          http.Header
	body                                            []byte
	rc                                              events.APIGatewayV2HTTPRequestContext
	hasRC                                           bool
}

func echo(got *seen, answer func(w http.ResponseWriter)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rc, ok := gateway.RequestContext(r.Context())
		*got = seen{r.Method, r.URL.Path, r.URL.RawPath, r.URL.RawQuery, r.Host, r.RemoteAddr, r.RequestURI, r.Header, b, rc, ok}
		answer(w)
	})
}

// TestAdapterRequest: the handler gets the event's method, escaped path,
// query, headers (split on commas except single-value ones and those whose
// value is one string, such as Idempotency-Key), cookies,
// base64-decoded body, caller address and request context.
func TestAdapterRequest(t *testing.T) {
	var got seen
	fn := gateway.Handler(echo(&got, func(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent) }), nil)
	ev := events.APIGatewayV2HTTPRequest{
		RawPath: "/a%2Fb/c%20d", RawQueryString: "x=1&y=%20",
		Cookies: []string{"s=1", "t=2"},
		Headers: map[string]string{"accept": "a/b, c/d", "user-agent": "x, y", "idempotency-key": " k, 1 ", "x-custom": "v"},
		Body:    base64.StdEncoding.EncodeToString([]byte{0xff, 0x00, 'z'}), IsBase64Encoded: true,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			DomainName: "api.example.com", RequestID: "req-1",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "post", SourceIP: "203.0.113.9"},
		},
	}
	resp, err := fn(context.Background(), ev)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("answer %+v, %v", resp, err)
	}
	if got.method != "POST" || got.path != "/a/b/c d" || got.rawPath != "/a%2Fb/c%20d" || got.query != "x=1&y=%20" ||
		got.host != "api.example.com" || got.remote != "203.0.113.9" || got.uri != "/a%2Fb/c%20d?x=1&y=%20" {
		t.Fatalf("request %+v", got)
	}
	for name, want := range map[string][]string{
		"Accept": {"a/b", "c/d"}, "User-Agent": {"x, y"}, "Idempotency-Key": {"k, 1"}, "X-Custom": {"v"}, "Cookie": {"s=1", "t=2"},
	} {
		if !slices.Equal(got.header[name], want) {
			t.Errorf("header %s = %q, want %q", name, got.header[name], want)
		}
	}
	if string(got.body) != "\xff\x00z" {
		t.Errorf("body %q", got.body)
	}
	if !got.hasRC || got.rc.RequestID != "req-1" {
		t.Errorf("request context %+v (%v)", got.rc, got.hasRC)
	}
}

// TestAdapterAnswer: headers are joined on commas, Set-Cookie becomes
// cookies, a body that is not UTF-8 is base64, a body without a content
// type gets a detected one, and a handler that answers nothing is a 504
// and an error.
func TestAdapterAnswer(t *testing.T) {
	var got seen
	ev := events.APIGatewayV2HTTPRequest{RawPath: "/", RequestContext: events.APIGatewayV2HTTPRequestContext{HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET"}}}
	fn := gateway.Handler(echo(&got, func(w http.ResponseWriter) {
		w.Header().Add("X-Many", "1")
		w.Header().Add("X-Many", "2")
		w.Header().Add("Set-Cookie", "a=1")
		w.Header().Add("Set-Cookie", "b=2")
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte{0xff, 0xfe})
	}), nil)
	resp, err := fn(context.Background(), ev)
	if err != nil || resp.StatusCode != http.StatusTeapot || resp.Headers["X-Many"] != "1,2" || !slices.Equal(resp.Cookies, []string{"a=1", "b=2"}) ||
		!resp.IsBase64Encoded || resp.Body != base64.StdEncoding.EncodeToString([]byte{0xff, 0xfe}) || resp.Headers["Content-Type"] != http.DetectContentType([]byte{0xff, 0xfe}) {
		t.Fatalf("answer %+v, %v", resp, err)
	}
	resp, err = gateway.Handler(echo(&got, func(w http.ResponseWriter) { _, _ = io.WriteString(w, "<html>hi</html>") }), nil)(context.Background(), ev)
	if err != nil || resp.StatusCode != http.StatusOK || resp.Body != "<html>hi</html>" || resp.IsBase64Encoded || resp.Headers["Content-Type"] != "text/html; charset=utf-8" {
		t.Fatalf("answer %+v, %v", resp, err)
	}
	if resp, err = gateway.Handler(echo(&got, func(http.ResponseWriter) {}), nil)(context.Background(), ev); err == nil || resp.StatusCode != http.StatusGatewayTimeout {
		t.Fatalf("a handler that answered nothing: %+v, %v", resp, err)
	}
}

// TestEventRoundTrip: a request made into its event and served by the
// adapter reaches the handler as it was sent, and the answer comes back
// as written.
func TestEventRoundTrip(t *testing.T) {
	var got seen
	fn := gateway.Handler(echo(&got, func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Add("Set-Cookie", "sid=1; HttpOnly")
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, `{"ok":true}`)
	}), nil)
	r := incoming()
	ev := gateway.Event(r, "GET /api/agent/v1/sites/{site_id}/articles", map[string]string{"site_id": "abc"}, []byte(`{"a":1}`))
	if ev.RequestContext.RequestID == "" || ev.RequestContext.RequestID == gateway.Event(r, "x", nil, nil).RequestContext.RequestID {
		t.Fatal("request ids are missing or repeat")
	}
	resp, err := fn(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if got.path != "/api/agent/v1/sites/abc/articles" || got.query != "limit=10&status=finished" || string(got.body) != `{"a":1}` ||
		got.header.Get("Authorization") != "Bearer rv_agent_0123456789abcdef" || !slices.Equal(got.header["Cookie"], []string{"a=1", "b=2"}) {
		t.Fatalf("request %+v", got)
	}
	rec := httptest.NewRecorder()
	gateway.WriteResponse(rec, resp)
	if rec.Code != http.StatusCreated || rec.Body.String() != `{"ok":true}` || rec.Header().Get("Content-Type") != "application/json" || rec.Header().Get("Set-Cookie") != "sid=1; HttpOnly" {
		t.Fatalf("answer %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
}
