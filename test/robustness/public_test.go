package robustness

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/kernel/ids"
	"rvcontent/test/testenv"
)

// publicStatuses are the public API's error statuses (its spec, 7) but
// 500, with 413 for a body over the 1 MB limit every API shares.
var publicStatuses = map[int]bool{400: true, 401: true, 402: true, 404: true, 413: true, 429: true}

// publicNotUUID reports whether a probe's path names an article id that
// is not a UUID, which the public spec answers 500 "Internal error".
func publicNotUUID(path string) bool {
	rest, ok := strings.CutPrefix(strings.SplitN(path, "?", 2)[0], "/api/public/v1/articles/")
	if !ok {
		return false
	}
	id, err := url.PathUnescape(rest)
	return err != nil || !ids.Valid(id)
}

// checkPublic checks a public-API answer: below 500 (but the spec's 500
// for a non-UUID id), and an error answer is its {error} body, with code
// subscription_required on 402 only.
func checkPublic(t *testing.T, p probe, resp *testenv.Response) {
	t.Helper()
	msg := publicProblem(p.path, resp)
	if msg == "" && resp.Status >= 400 && p.errs != nil {
		var e struct{ Code string }
		_ = json.Unmarshal(resp.Body, &e)
		if !listed(p.errs, resp.Status, e.Code) {
			msg = fmt.Sprintf("%d is not among the operation's documented errors", resp.Status)
		}
	}
	if msg != "" {
		t.Errorf("%s: %s %s: %s\nanswer %d: %.600s", p.name, p.method, clip(p.path), msg, resp.Status, resp.Body)
	}
}

// publicProblem returns what is wrong with a public-API answer, or "".
func publicProblem(path string, resp *testenv.Response) string {
	if resp.Status < 400 {
		if resp.Status >= 300 {
			return "a redirect"
		}
		return ""
	}
	var e map[string]any
	if err := json.Unmarshal(resp.Body, &e); err != nil {
		return "error body is not a JSON object: " + err.Error()
	}
	msg, _ := e["error"].(string)
	if resp.Status == http.StatusInternalServerError && publicNotUUID(path) {
		if msg != "Internal error" || len(e) != 1 {
			return "the spec's 500 for a non-UUID id is {\"error\": \"Internal error\"}"
		}
		return ""
	}
	if !publicStatuses[resp.Status] {
		return "a status the public spec does not list"
	}
	if p := sentenceProblem(msg); p != "" {
		return p
	}
	code, hasCode := e["code"]
	switch {
	case resp.Status == http.StatusPaymentRequired && code != "subscription_required":
		return "402 without code subscription_required"
	case resp.Status != http.StatusPaymentRequired && hasCode:
		return "a code on a status other than 402"
	}
	return ""
}

// TestPublicAPIMalformedInputs sends every public-API operation of the
// catalog, with the account's site key, the body, query and path
// batteries, and checks the answers against the public spec's errors.
func TestPublicAPIMalformedInputs(t *testing.T) {
	f := setUp(t)
	c := f.r.Client.As(f.r.SiteKey)
	for _, op := range catalog.Of(catalog.PublicAPI) {
		probes := probesOf(f, op)
		if op.Method == http.MethodGet {
			path := f.path(op.Method, op.FullPath(), nil)
			// The public API's own parameter rules: since is read to the
			// millisecond, limit brought into range.
			for _, q := range []string{"since=%2B", "since=2026-01-01T00:00:00.999999999999999999999Z", "since=-0001-01-01", "limit=-9223372036854775809", "published=%00"} {
				probes = append(probes, probe{name: "query " + q, method: op.Method, path: path + "?" + q})
			}
		}
		for _, p := range methodProbes(op, f.path(op.Method, op.FullPath(), nil)) {
			if p.method != http.MethodHead && p.method != http.MethodOptions {
				probes = append(probes, p)
			}
		}
		run(t, c, named(op.ID, probes), checkPublic)
		// A HEAD is no route (API Gateway routes by exact method), in the
		// dev stack as in AWS, and is not counted.
		if resp := c.Do(t, http.MethodHead, f.path(op.Method, op.FullPath(), nil), nil); resp.Status != http.StatusNotFound {
			t.Errorf("%s: HEAD answered %d, want 404", op.ID, resp.Status)
		}
	}
}

// TestPublicAPICredentialOddities: malformed site keys answer 401 with the
// public body on every public operation.
func TestPublicAPICredentialOddities(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, op := range catalog.Of(catalog.PublicAPI) {
		path := f.path(op.Method, op.FullPath(), nil)
		var body any
		if op.Method != http.MethodGet {
			body = `{"published_url":"https://acme.com/x"}`
		}
		for _, h := range []string{
			"Authorization: Bearer", "Authorization: Bearer rv_live_\xff", "X-Api-Key: " + strings.Repeat("k", 5000),
			"Authorization: Bearer " + f.r.Key, "X-Api-Key: rv_live_%00",
		} {
			probes = append(probes, probe{name: "credential " + clip(h), method: op.Method, path: path, body: body, headers: []string{h}})
		}
	}
	run(t, f.env.Client(), probes, func(t *testing.T, p probe, resp *testenv.Response) {
		t.Helper()
		checkPublic(t, p, resp)
		if resp.Status != http.StatusUnauthorized {
			t.Errorf("%s: %s %s answered %d, want 401", p.name, p.method, p.path, resp.Status)
		}
	})
}
