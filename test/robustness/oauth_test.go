package robustness

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// checkOAuth checks an OAuth endpoint's answer: below 500, and an error is
// RFC 6749's JSON body with a non-empty error code.
func checkOAuth(t *testing.T, p probe, resp *testenv.Response) {
	t.Helper()
	if resp.Status >= 500 {
		t.Errorf("%s: %s %s: a 5xx answer %d: %.400s", p.name, p.method, p.path, resp.Status, resp.Body)
		return
	}
	if resp.Status < 400 {
		return
	}
	var e map[string]any
	if err := json.Unmarshal(resp.Body, &e); err != nil {
		t.Errorf("%s: error answer %d is not JSON: %.400s", p.name, resp.Status, resp.Body)
		return
	}
	if code, _ := e["error"].(string); code == "" || strings.ContainsFunc(code, func(r rune) bool { return r < 0x20 || r > 0x7e }) {
		t.Errorf("%s: error answer %d without an RFC error code: %.400s", p.name, resp.Status, resp.Body)
	}
}

// TestOAuthMalformedInputs sends the OAuth machine endpoints malformed
// client registrations (each field of RFC 7591 of the wrong type or
// shape) and token and revocation requests (each form field bad, left
// out or repeated): each answers RFC 6749's error, never a 5xx.
func TestOAuthMalformedInputs(t *testing.T) {
	f := setUp(t)
	reg := map[string]any{
		"client_name": "Robust app", "redirect_uris": []string{"http://127.0.0.1:9/callback"}, "grant_types": []string{"authorization_code", "refresh_token"},
		"response_types": []string{"code"}, "token_endpoint_auth_method": "none", "scope": "account", "client_uri": "https://app.example.com",
		"logo_uri": "https://app.example.com/logo.png", "contacts": []string{"dev@example.com"},
	}
	var probes []probe
	for name := range reg {
		for _, v := range []any{nil, 42, raw("1e309"), true, map[string]any{"a": 1}, []any{}, []any{nil, 1, map[string]any{}}, "", "\x00",
			strings.Repeat("x", 100_000), raw(`"\ud800"`), "javascript:alert(1)", []string{"http://[::1"}, []string{strings.Repeat("h", 5000)},
			[]string{"http://127.0.0.1:9/cb#frag"}, []string{"urn:ietf:wg:oauth:2.0:oob"}, []string{"bogus"}} {
			probes = append(probes, probe{name: "register " + name + " " + clip(encode(v)), method: http.MethodPost, path: "/oauth/register", body: bodyWith(reg, name, v)})
		}
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {"abc"}, "redirect_uri": {"http://127.0.0.1:9/callback"},
		"client_id": {"client"}, "code_verifier": {strings.Repeat("v", 43)}, "refresh_token": {"rt"}, "token": {"tok"}, "token_type_hint": {"access_token"}}
	for _, path := range []string{"/oauth/token", "/oauth/revoke"} {
		for name := range form {
			for _, v := range []string{"", "\x00", "\xff", strings.Repeat("x", 100_000), "refresh_token", "client_credentials", "password", "-1"} {
				g := url.Values{}
				for k, vs := range form {
					g[k] = vs
				}
				g.Set(name, v)
				probes = append(probes, probe{name: path + " " + name + "=" + clip(v), method: http.MethodPost, path: path, body: g.Encode(),
					headers: []string{"Content-Type: application/x-www-form-urlencoded"}})
			}
			g := url.Values{}
			for k, vs := range form {
				g[k] = append(vs, "again")
			}
			probes = append(probes, probe{name: path + " every field twice", method: http.MethodPost, path: path, body: g.Encode(),
				headers: []string{"Content-Type: application/x-www-form-urlencoded"}})
		}
		for _, b := range []string{"%zz=1", "a=1;b=2", "grant_type", "=", "&&&", `{"grant_type":"authorization_code"}`} {
			probes = append(probes, probe{name: path + " body " + b, method: http.MethodPost, path: path, body: b,
				headers: []string{"Content-Type: application/x-www-form-urlencoded"}})
		}
		for _, h := range []string{"Authorization: Basic !!!", "Authorization: Basic " + strings.Repeat("QQ", 3000), "Authorization: Basic Og=="} {
			probes = append(probes, probe{name: path + " " + h, method: http.MethodPost, path: path, body: form.Encode(),
				headers: []string{"Content-Type: application/x-www-form-urlencoded", h}})
		}
	}
	run(t, f.env.Client(), probes, checkOAuth)
	t.Logf("%d probes", len(probes))
}
