package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/kernel/input"
)

// FuzzDecode sends arbitrary bodies through the agent API's body chain
// (ReadBody, JSONBody) to a handler that decodes them and reads a field
// with the one-line rule. The answer is the handler's, or a JSON error:
// 400 bad_request for a body that is not a JSON object, 413 for one over
// 1 MB, 422 validation_failed for a field that breaks its rule; never a
// panic or a 500.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{``, `{}`, `null`, `[]`, `{"name": "My agent"}`, `{"name": "x\r\nBcc: evil@example.net\u0000"}`, `{"name": 5}`, `{"name": "ab", "name": "cd"}`, `{"name": "\ud800ab"}`, `{`, "\xff\xfe{}", `{"name": "` + strings.Repeat("a", 70) + `"}`} {
		f.Add([]byte(s), "POST")
	}
	f.Add([]byte(`{"name": "x"}`), "GET")
	handler := api.ReadBody(api.JSONBody(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o := api.Decode(w, r)
		if o == nil {
			return
		}
		name, _ := o.String("name", false, input.SingleLine, input.Len(2, 60))
		if err := o.Err(); err != nil {
			api.Error(w, r, err)
			return
		}
		api.JSON(w, http.StatusOK, map[string]string{"name": name})
	})))
	f.Fuzz(func(t *testing.T, body []byte, method string) {
		if method != "GET" {
			method = "POST"
		}
		r := httptest.NewRequest(method, "/api/agent/v1/agent-keys", bytes.NewReader(body))
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, r)
		if w.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("answer %d without JSON: %q", w.Code, w.Body.String())
		}
		var answer map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil {
			t.Fatalf("answer %d is not a JSON object: %q", w.Code, w.Body.String())
		}
		switch w.Code {
		case http.StatusOK:
			if name, _ := answer["name"].(string); name != "" && input.SingleLine(name) != "" {
				t.Fatalf("name %q accepted", name)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
			if answer["code"] == "" || answer["error"] == "" {
				t.Fatalf("error answer %q without code or sentence", w.Body.String())
			}
		default:
			t.Fatalf("body %q answered %d: %s", body, w.Code, w.Body.String())
		}
		if method == "POST" && w.Code == http.StatusBadRequest {
			var v any
			if json.Unmarshal(body, &v) == nil {
				// null reads as no fields; an object read otherwise than
				// as sent (half a surrogate pair, a name twice) is refused.
				msg, _ := answer["error"].(string)
				ambiguous := strings.Contains(msg, "surrogate") || strings.Contains(msg, "twice")
				if _, isObject := v.(map[string]any); (isObject || v == nil) && !ambiguous {
					t.Fatalf("JSON object %q refused: %s", body, w.Body.String())
				}
			}
		}
	})
}
