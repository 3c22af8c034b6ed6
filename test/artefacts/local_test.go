package artefacts

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestResolve checks the local values of the intrinsics a template's
// environment uses, and that an unknown one is an error.
func TestResolve(t *testing.T) {
	l := &Local{made: map[string]string{
		"TableCD117FA1":            "artefacts-table",
		"JobsQueue86ED6666":        "http://127.0.0.1:1/123456789012/JobsQueue86ED6666",
		"ApiF70053CD.ApiEndpoint":  BaseURL,
		"AccountsFunctionB26F8F43": "accounts",
	}}
	for _, c := range []struct {
		in   any
		want string
	}{
		{"plain", "plain"},
		{map[string]any{"Ref": "TableCD117FA1"}, "artefacts-table"},
		{map[string]any{"Ref": "AWS::Region"}, Region},
		{map[string]any{"Fn::GetAtt": []any{"ApiF70053CD", "ApiEndpoint"}}, BaseURL},
		{map[string]any{"Ref": "AccountsFunctionB26F8F43"}, "accounts"},
		{map[string]any{"Fn::Join": []any{"", []any{"arn:aws:s3:::", map[string]any{"Ref": "AWS::AccountId"}}}}, "arn:aws:s3:::" + AccountID},
	} {
		got, err := l.resolve(c.in)
		if err != nil || got != c.want {
			t.Errorf("resolve(%v) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []any{
		map[string]any{"Ref": "Unknown"},
		map[string]any{"Fn::GetAtt": []any{"TableCD117FA1", "StreamArn"}},
		map[string]any{"Fn::Sub": "${AWS::Region}"},
	} {
		if got, err := l.resolve(bad); err == nil {
			t.Errorf("resolve(%v) = %q, want an error", bad, got)
		}
	}
}

// TestLambdaAPI checks the local Invoke API against a stand-in emulator:
// the payload comes back, a function error is flagged as Lambda flags it,
// and an unknown function is not found.
func TestLambdaAPI(t *testing.T) {
	emulator := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if string(body) == `"fail"` {
			_, _ = io.WriteString(w, `{"errorType":"errorString","errorMessage":"boom"}`)
			return
		}
		_, _ = io.WriteString(w, `{"echo":`+string(body)+`}`)
	}))
	defer emulator.Close()
	api, err := StartLambdaAPI()
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	api.Register(&RIE{url: emulator.URL}, "accounts", "AccountsFunctionB26F8F43")
	old := lambdaWait
	lambdaWait = 100 * time.Millisecond
	defer func() { lambdaWait = old }()

	invoke := func(name, payload string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(context.Background(), "POST", api.Endpoint+"/2015-03-31/functions/"+name+"/invocations", strings.NewReader(payload))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	if resp, body := invoke("AccountsFunctionB26F8F43", `{"n":1}`); resp.StatusCode != 200 || body != `{"echo":{"n":1}}` || resp.Header.Get("X-Amz-Function-Error") != "" {
		t.Errorf("invoke: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, body := invoke("accounts", `"fail"`); resp.StatusCode != 200 || resp.Header.Get("X-Amz-Function-Error") != "Unhandled" || !strings.Contains(body, "boom") {
		t.Errorf("failing invoke: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, _ := invoke("nope", `{}`); resp.StatusCode != 404 {
		t.Errorf("unknown function: %d, want 404", resp.StatusCode)
	}
}
