package public

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestPing checks the key with Authorization: Bearer and with X-Api-Key,
// and returns the site's brand.
func TestPing(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://ping.example.com/home")
	o.api(t, "PATCH", "/sites/"+o.acct.SiteID, map[string]any{"brand_name": "Ping Co", "avatar_url": "https://cdn.example.com/logo.png"}).Expect(t, http.StatusOK)
	want := map[string]any{
		"brand_name": "Ping Co", "logo_url": "https://cdn.example.com/logo.png", "ok": true,
		"service": "rvcontent-public-articles", "website_url": "https://ping.example.com/home",
	}
	for name, resp := range map[string]*testenv.Response{
		"bearer":    o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK),
		"x-api-key": pub(t, env, "", "GET", "/ping", nil, "X-Api-Key: "+o.key).Expect(t, http.StatusOK),
	} {
		if got := resp.JSON(t); !sameJSON(got, want) {
			t.Fatalf("%s: ping = %v, want %v", name, got, want)
		}
	}
	wantCORS(t, o.pub(t, "GET", "/ping", nil))
}

// TestUnauthorized answers every refused key with the same 401, before the
// body is read.
func TestUnauthorized(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://auth.example.com")
	article := o.finished(t, o.acct.SiteID, "Auth", mustTime(t, "2026-02-01T00:00:00.000001Z"))
	cases := map[string][]string{
		"no credential":       nil,
		"agent key":           {"Authorization: Bearer " + o.acct.Key},
		"unknown site key":    {"Authorization: Bearer " + randomKey()},
		"malformed":           {"Authorization: Bearer rv_live_XYZ"},
		"uppercase hex":       {"Authorization: Bearer " + upper(o.key)},
		"basic scheme":        {"Authorization: Basic " + o.key},
		"agent key as header": {"X-Api-Key: " + o.acct.Key},
		"empty bearer":        {"Authorization: Bearer "},
	}
	for name, headers := range cases {
		t.Run(name, func(t *testing.T) {
			for _, call := range []struct {
				method, path string
				body         any
			}{
				{"GET", "/ping", nil},
				{"GET", "/articles", nil},
				{"GET", "/articles/" + article.ID, nil},
				{"PATCH", "/articles/" + article.ID, "not json"},
				{"PATCH", "/articles/not-a-uuid", map[string]any{}},
			} {
				resp := pub(t, env, "", call.method, call.path, call.body, headers...)
				wantError(t, resp, http.StatusUnauthorized, msgUnauthorized, "")
			}
		})
	}
}

func upper(s string) string {
	b := []byte(s)
	for i := 8; i < len(b); i++ {
		if b[i] >= 'a' && b[i] <= 'f' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// TestPreflightAndUnknownPaths answers OPTIONS with 204 and the CORS
// headers, and unknown public paths with a 404 in the public shape.
func TestPreflightAndUnknownPaths(t *testing.T) {
	env := stack(t)
	for _, path := range []string{"/ping", "/articles", "/articles/anything", "/nothing-here"} {
		resp := pub(t, env, "", "OPTIONS", path, nil, "Origin: https://blog.example.com", "Access-Control-Request-Method: PATCH")
		resp.Expect(t, http.StatusNoContent)
		wantCORS(t, resp)
	}
	resp := pub(t, env, "", "GET", "/nothing-here", nil)
	resp.Expect(t, http.StatusNotFound)
	wantCORS(t, resp)
	if body := resp.JSON(t); len(body) != 1 || body["error"] == "" {
		t.Fatalf("unknown path body %s", resp.Body)
	}
	pub(t, env, "", "POST", "/articles", nil).Expect(t, http.StatusNotFound)
}
