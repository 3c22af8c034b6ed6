package gateway

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/kernel/apipath"
)

// MaxPayload is the most a function's answer may take as Lambda hands it
// to API Gateway: the 6 MB limit of a synchronous invocation's response,
// counted on the answer's JSON (its body escaped as a JSON string, or in
// base64). A larger answer fails in Lambda, and API Gateway turns that
// into a bare 500.
const MaxPayload = 6_291_556

// CompressAbove is the body size (bytes) above which an answer goes
// gzipped to a caller that accepts gzip: a public page of 100 long
// articles may pass MaxPayload as text, rarely once compressed, and
// smaller answers are not worth the work.
const CompressAbove = 64 << 10

// payloadSlack is what an answer's status, headers and cookies may take
// in its JSON beside the body.
const payloadSlack = 16 << 10

// fit makes resp one Lambda can return for ev: a body over CompressAbove
// goes gzipped when ev's caller accepts gzip (Content-Encoding: gzip, Vary:
// Accept-Encoding, a strong ETag made weak: the gzip is another
// representation of the same content), and an answer still over MaxPayload becomes a 500 that
// says why and what to ask for instead, rather than Lambda's failure.
func fit(ev *events.APIGatewayV2HTTPRequest, resp events.APIGatewayV2HTTPResponse) events.APIGatewayV2HTTPResponse {
	if len(resp.Body) <= CompressAbove {
		return resp
	}
	if !resp.IsBase64Encoded && header(resp.Headers, "Content-Encoding") == "" && acceptsGzip(ev.Headers["accept-encoding"]) {
		if gz, ok := gzipped(resp.Body); ok {
			resp.Body, resp.IsBase64Encoded = gz, true
			if resp.Headers == nil {
				resp.Headers = map[string]string{}
			}
			for k := range resp.Headers {
				if strings.EqualFold(k, "Content-Length") {
					delete(resp.Headers, k) // the text's length, not the gzip's
				}
			}
			for k, v := range resp.Headers {
				if strings.EqualFold(k, "ETag") && strings.HasPrefix(v, `"`) {
					resp.Headers[k] = "W/" + v // another representation of the same content
				}
			}
			resp.Headers["Content-Encoding"] = "gzip"
			vary := "Accept-Encoding"
			if v := header(resp.Headers, "Vary"); v != "" {
				vary = v + "," + vary
			}
			resp.Headers["Vary"] = vary
		}
	}
	if payloadSize(resp)+payloadSlack <= MaxPayload {
		return resp
	}
	slog.Error("answer too large for Lambda", "path", ev.RawPath, "status", resp.StatusCode, "bytes", len(resp.Body))
	return tooLarge(ev, resp)
}

// tooLarge is the 500 that replaces resp, an answer over MaxPayload: the
// public API's error shape ({error}) on its paths, the agent API's
// elsewhere. It keeps resp's CORS headers and X-Request-Id, which every
// answer carries, errors included (public API spec 4, README
// "Conventions").
func tooLarge(ev *events.APIGatewayV2HTTPRequest, resp events.APIGatewayV2HTTPResponse) events.APIGatewayV2HTTPResponse {
	msg := "The answer is larger than the service can send (6 MB). Ask for fewer items (a smaller limit), and send Accept-Encoding: gzip to receive large answers compressed."
	body := map[string]string{"error": msg}
	if !strings.HasPrefix(ev.RawPath, apipath.Public+"/") {
		body["code"] = "internal_error"
	}
	b, _ := json.Marshal(body)
	headers := map[string]string{"Content-Type": "application/json", "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*"}
	for k, v := range resp.Headers {
		if k = http.CanonicalHeaderKey(k); strings.HasPrefix(k, "Access-Control-") || k == "X-Request-Id" {
			headers[k] = v
		}
	}
	return events.APIGatewayV2HTTPResponse{StatusCode: http.StatusInternalServerError, Headers: headers, Body: string(b)}
}

// header returns the value of header name in h, whatever its case.
func header(h map[string]string, name string) string {
	if v, ok := h[name]; ok {
		return v
	}
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// acceptsGzip reports whether an Accept-Encoding value accepts gzip (or
// any coding) with a quality above zero.
func acceptsGzip(accept string) bool {
	for part := range strings.SplitSeq(accept, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		if v, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(params)), "q="); ok {
			if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q == 0 {
				continue // q=0: refused
			}
		}
		return true
	}
	return false
}

// gzipped returns body gzipped, in base64.
func gzipped(body string) (string, bool) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return "", false
	}
	if _, err := w.Write([]byte(body)); err != nil {
		return "", false
	}
	if err := w.Close(); err != nil {
		return "", false
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), true
}

// payloadSize is how many bytes resp's body takes in the JSON Lambda makes
// of the answer: base64 as it is; text as encoding/json escapes it, quotes
// and backslashes doubled, <, > and & and the line separators as \uXXXX,
// control characters escaped.
func payloadSize(resp events.APIGatewayV2HTTPResponse) int {
	if resp.IsBase64Encoded {
		return len(resp.Body) + 2
	}
	n := 2
	for i := 0; i < len(resp.Body); {
		c := resp.Body[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(resp.Body[i:])
		if r == '\u2028' || r == '\u2029' || r == utf8.RuneError && size == 1 {
			n += 6
		} else {
			n += size
		}
		i += size
	}
	return n
}
