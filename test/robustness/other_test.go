package robustness

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// TestOtherRoutesMalformedInputs sends every route of the table outside
// the two APIs and the MCP server (OAuth, the payment webhook, the
// OpenAPI documents, the owner's pages) the whole-body, query and path
// batteries without a credential. Each has its own error shape (RFC 6749
// for OAuth, HTML pages), so the rule checked is the shared one: no 5xx,
// and a JSON error answer carries a non-empty error.
func TestOtherRoutesMalformedInputs(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, r := range routes.Table {
		if r.Op != "" || r.Group == routes.MCP {
			continue
		}
		path := f.path(r.Method, r.Path, nil)
		if r.Method != http.MethodGet && r.Method != http.MethodOptions {
			for _, p := range wholeBodies() {
				p.name, p.method, p.path = r.Key()+" "+p.name, r.Method, path
				probes = append(probes, p)
			}
		}
		for _, q := range []string{"zzz=1", "%zz=1", "a=1;b=2", "token=%00", "client_id=" + strings.Repeat("c", 5000), "redirect_uri=javascript:x"} {
			probes = append(probes, probe{name: r.Key() + " ?" + clip(q), method: r.Method, path: path + "?" + q})
		}
		for _, p := range pathProbes(f, r.Method, r.Path) {
			p.name = r.Key() + " " + p.name
			probes = append(probes, p)
		}
	}
	run(t, f.env.Client(), probes, func(t *testing.T, p probe, resp *testenv.Response) {
		t.Helper()
		if resp.Status >= 500 {
			t.Errorf("%s: %s %s: a 5xx answer %d: %.400s", p.name, p.method, clip(p.path), resp.Status, resp.Body)
			return
		}
		if resp.Status >= 400 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			var e map[string]any
			if json.Unmarshal(resp.Body, &e) != nil {
				t.Errorf("%s: JSON error answer that does not decode: %.400s", p.name, resp.Body)
				return
			}
			if s, _ := e["error"].(string); strings.TrimSpace(s) == "" {
				t.Errorf("%s: JSON error answer without error: %.400s", p.name, resp.Body)
			}
		}
	})
	t.Logf("%d probes", len(probes))
}
