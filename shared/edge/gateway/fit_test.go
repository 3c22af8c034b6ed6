package gateway_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/gateway"
)

// answering returns a function whose handler answers body as JSON, and an
// event for path with Accept-Encoding accept (none when empty).
func answering(body, path, accept string) (gateway.LambdaHandler, events.APIGatewayV2HTTPRequest) {
	fn := gateway.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Vary", "Origin")
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.Header().Set("ETag", `"v1"`)
		_, _ = io.WriteString(w, body)
	}), nil)
	ev := events.APIGatewayV2HTTPRequest{Version: "2.0", RouteKey: "GET " + path, RawPath: path, Headers: map[string]string{}}
	ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path = "GET", path
	if accept != "" {
		ev.Headers["accept-encoding"] = accept
	}
	return fn, ev
}

// header returns resp's header name, whatever its case.
func header(resp events.APIGatewayV2HTTPResponse, name string) string {
	for k, v := range resp.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// articlesJSON is a JSON body of n bytes or more, as a page of articles
// with HTML bodies looks.
func articlesJSON(n int) string {
	var b strings.Builder
	b.WriteString(`{"articles":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"body_html":"<p>Fresh beans &amp; a steady grinder make better coffee.</p>\n<h2>Why</h2>"}`)
	}
	b.WriteString(`]}`)
	return b.String()
}

// TestLargeAnswersGoGzipped: an answer over gateway.CompressAbove goes
// gzipped (base64, Content-Encoding: gzip, Accept-Encoding added to Vary,
// no Content-Length of the text, the ETag made weak)
// to a caller that accepts gzip, and decompresses to the answer; small
// answers, callers that do not accept gzip (or refuse it with q=0) get it
// as it is.
func TestLargeAnswersGoGzipped(t *testing.T) {
	large := articlesJSON(gateway.CompressAbove + 1)
	for _, c := range []struct {
		name, body, accept string
		gzipped            bool
	}{
		{"large, gzip accepted", large, "gzip, deflate, br", true},
		{"large, any coding", large, "*", true},
		{"large, with a quality", large, "br;q=1.0, gzip;q=0.5", true},
		{"large, no Accept-Encoding", large, "", false},
		{"large, gzip refused", large, "gzip;q=0, identity", false},
		{"large, another coding", large, "br", false},
		{"small", `{"ok":true}`, "gzip", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			fn, ev := answering(c.body, "/api/public/v1/articles", c.accept)
			resp, err := fn(context.Background(), ev)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d, err %v", resp.StatusCode, err)
			}
			if !c.gzipped {
				if resp.IsBase64Encoded || resp.Body != c.body || resp.Headers["Content-Encoding"] != "" || header(resp, "Content-Length") != fmt.Sprint(len(c.body)) || header(resp, "ETag") != `"v1"` {
					t.Fatalf("answer changed: base64 %v, encoding %q, %d bytes", resp.IsBase64Encoded, resp.Headers["Content-Encoding"], len(resp.Body))
				}
				return
			}
			if !resp.IsBase64Encoded || resp.Headers["Content-Encoding"] != "gzip" || resp.Headers["Vary"] != "Origin,Accept-Encoding" || header(resp, "Content-Length") != "" || header(resp, "ETag") != `W/"v1"` {
				t.Fatalf("base64 %v, headers %v", resp.IsBase64Encoded, resp.Headers)
			}
			raw, err := base64.StdEncoding.DecodeString(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			zr, err := gzip.NewReader(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			plain, err := io.ReadAll(zr)
			if err != nil || string(plain) != c.body {
				t.Fatalf("decompressed %d bytes (%v), want the %d of the answer", len(plain), err, len(c.body))
			}
			if len(resp.Body) > len(c.body)/4 {
				t.Errorf("compressed to %d bytes of %d", len(resp.Body), len(c.body))
			}
		})
	}
}

// TestAnswersLambdaCannotReturnSaySo: an answer whose JSON would pass
// Lambda's response limit (gateway.MaxPayload; HTML in a JSON string
// grows when escaped) is a 500 that says why and what to ask for instead,
// in the public API's error shape on its paths and the agent API's
// elsewhere; gzipped, the same answer fits and goes through.
func TestAnswersLambdaCannotReturnSaySo(t *testing.T) {
	body := articlesJSON(gateway.MaxPayload * 3 / 4) // under the limit as bytes, over it once escaped
	for _, c := range []struct {
		path     string
		wantCode bool
	}{{"/api/public/v1/articles", false}, {"/api/agent/v1/sites/x/articles", true}} {
		fn, ev := answering(body, c.path, "")
		resp, err := fn(context.Background(), ev)
		if err != nil || resp.StatusCode != http.StatusInternalServerError || resp.IsBase64Encoded {
			t.Fatalf("%s: status %d, base64 %v, err %v", c.path, resp.StatusCode, resp.IsBase64Encoded, err)
		}
		var e map[string]string
		if err := json.Unmarshal([]byte(resp.Body), &e); err != nil || !strings.Contains(e["error"], "Accept-Encoding: gzip") || (e["code"] == "internal_error") != c.wantCode {
			t.Fatalf("%s: body %s (%v)", c.path, resp.Body, err)
		}
		if resp.Headers["Content-Type"] != "application/json" {
			t.Errorf("%s: headers %v", c.path, resp.Headers)
		}

		fn, ev = answering(body, c.path, "gzip")
		if resp, err := fn(context.Background(), ev); err != nil || resp.StatusCode != http.StatusOK || resp.Headers["Content-Encoding"] != "gzip" {
			t.Fatalf("%s gzipped: status %d, headers %v, err %v", c.path, resp.StatusCode, resp.Headers, err)
		}
	}
	// Under the limit once escaped, the answer goes as it is.
	fine := articlesJSON(gateway.MaxPayload / 3)
	fn, ev := answering(fine, "/api/public/v1/articles", "")
	if resp, err := fn(context.Background(), ev); err != nil || resp.StatusCode != http.StatusOK || resp.Body != fine {
		t.Fatalf("an answer within the limit: status %d, err %v", resp.StatusCode, err)
	}
}
