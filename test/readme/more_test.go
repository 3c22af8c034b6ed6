package readme

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestSiteKeysAndPublicArticlesAPI checks "Site keys and the public
// articles API": "POST /sites/{site_id}/keys (trial or plan) takes an
// optional name (1–60) and answers 201 {site_key: {...}}; key (rv_live_ + 48
// lowercase hex) appears only there ... GET lists oldest first without key;
// prefix is the first 14 characters plus "…" ... DELETE answers {revoked:
// true, id} and the next request with the key is 401." "Every answer,
// errors included, carries Access-Control-Allow-Origin: *, ...
// Access-Control-Max-Age: 86400. OPTIONS answers 204 ... X-RateLimit-* and
// Retry-After never appear. Unknown public paths answer 404 {error}."
// "Every refusal answers 401 {"error": "Missing or invalid site key. ..."}".
// "Ping. service is "rvcontent-public-articles"".
func TestSiteKeysAndPublicArticlesAPI(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	p := "/sites/" + a.SiteID + "/keys"
	c.Agent(t, "POST", p, map[string]any{"name": "CMS"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	env.Trial(t, a, testenv.TestCardOK)
	wantField(t, c.Agent(t, "POST", p, map[string]any{"name": strings.Repeat("n", 61)}), "name")

	sk := obj(t, c.Agent(t, "POST", p, map[string]any{"name": "CMS"}).Expect(t, http.StatusCreated).JSON(t), "site_key")
	key, _ := sk["key"].(string)
	if !regexp.MustCompile(`^rv_live_[0-9a-f]{48}$`).MatchString(key) {
		t.Fatalf("key = %q, want rv_live_ + 48 lowercase hex", key)
	}
	if sk["prefix"] != key[:14]+"…" || sk["idle"] != false || sk["last_used_at"] != nil {
		t.Errorf("site key = %v", sk)
	}
	second := obj(t, c.Agent(t, "POST", p, nil).Expect(t, http.StatusCreated).JSON(t), "site_key")
	if second["name"] != nil {
		t.Errorf("name = %v without one, want null", second["name"])
	}
	list, _ := c.Agent(t, "GET", p, nil).Expect(t, http.StatusOK).JSON(t)["site_keys"].([]any)
	// "At most 20 active keys per site."
	for i := len(list); i < 20; i++ {
		c.Agent(t, "POST", p, nil).Expect(t, http.StatusCreated)
	}
	c.Agent(t, "POST", p, nil).ExpectError(t, http.StatusConflict, "conflict")
	if len(list) != 2 || list[0].(map[string]any)["id"] != sk["id"] {
		t.Fatalf("site_keys = %v, want 2, oldest first", list)
	}
	for _, k := range list {
		if _, ok := k.(map[string]any)["key"]; ok {
			t.Errorf("a listed key carries key")
		}
	}

	pub := env.Client().As(key)
	ping := pub.Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusOK)
	if ping.JSON(t)["service"] != "rvcontent-public-articles" {
		t.Errorf("ping = %s", ping.Body)
	}
	want := map[string]string{
		"Access-Control-Allow-Origin":   "*",
		"Access-Control-Allow-Methods":  "GET, PATCH, OPTIONS",
		"Access-Control-Allow-Headers":  "Authorization, X-Api-Key, Content-Type",
		"Access-Control-Expose-Headers": "X-Request-Id",
		"Access-Control-Max-Age":        "86400",
	}
	nf := pub.Do(t, "GET", "/api/public/v1/nothing-here", nil)
	if nf.Status != http.StatusNotFound || nf.JSON(t)["error"] == nil {
		t.Errorf("unknown public path = %d %s, want 404 {error}", nf.Status, nf.Body)
	}
	bad := env.Client().As("rv_live_"+strings.Repeat("0", 48)).Do(t, "GET", "/api/public/v1/articles", nil).Expect(t, http.StatusUnauthorized)
	if e := bad.JSON(t)["error"]; e != "Missing or invalid site key. Pass the key as a Bearer header: Authorization: Bearer <SITE_KEY>." {
		t.Errorf("401 error = %v", e)
	}
	for name, r := range map[string]*testenv.Response{"ping": ping, "404": nf, "401": bad} {
		for h, v := range want {
			if got := r.Header.Get(h); got != v {
				t.Errorf("%s: %s = %q, want %q", name, h, got, v)
			}
		}
		for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"} {
			if r.Header.Get(h) != "" {
				t.Errorf("%s carries %s", name, h)
			}
		}
	}
	if r := raw(t, env, "", "OPTIONS", "/api/public/v1/articles", "", ""); r.StatusCode != http.StatusNoContent || r.Header.Get("Access-Control-Max-Age") != "86400" {
		t.Errorf("OPTIONS = %d (Max-Age %q), want 204 with the CORS headers", r.StatusCode, r.Header.Get("Access-Control-Max-Age"))
	}

	del := c.Agent(t, "DELETE", p+"/"+sk["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)
	if del["revoked"] != true || del["id"] != sk["id"] {
		t.Errorf("DELETE = %v, want {revoked: true, id}", del)
	}
	pub.Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusUnauthorized)
	publicMore(t, env, a, second["key"].(string))
}

// TestPushIntegrations checks "Push integrations": "Both platforms are
// always listed: {id, site_id, status ..., available, requires
// (trial_or_plan|paid_plan), ...}; GET of one adds setup {connect,
// connect_fields, default_statuses, categories, authors}." and
// "integration_unavailable (409): push_platform_2 is an add-on of the paid
// plan; a trial does not include it."
func TestPushIntegrations(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	p := "/sites/" + a.SiteID + "/integrations"
	env.Trial(t, a, testenv.TestCardOK)
	list, _ := c.Agent(t, "GET", p, nil).Expect(t, http.StatusOK).JSON(t)["integrations"].([]any)
	if len(list) != 2 {
		t.Fatalf("integrations = %v, want both platforms", list)
	}
	req := map[string]any{}
	for _, x := range list {
		m := x.(map[string]any)
		req[m["id"].(string)] = m["requires"]
		if m["status"] != "not_connected" {
			t.Errorf("%v status %v, want not_connected", m["id"], m["status"])
		}
		if _, ok := m["setup"]; ok {
			t.Errorf("a listed integration carries setup")
		}
	}
	if req["push_platform_1"] != "trial_or_plan" || req["push_platform_2"] != "paid_plan" {
		t.Errorf("requires = %v", req)
	}
	one := obj(t, c.Agent(t, "GET", p+"/push_platform_1", nil).Expect(t, http.StatusOK).JSON(t), "integration")
	setup := obj(t, one, "setup")
	for _, k := range []string{"connect", "connect_fields", "default_statuses", "categories", "authors"} {
		if _, ok := setup[k]; !ok {
			t.Errorf("setup has no %s: %v", k, setup)
		}
	}
	c.Agent(t, "POST", p+"/push_platform_2/connect", nil).ExpectError(t, http.StatusConflict, "integration_unavailable")
	conn := c.Agent(t, "POST", p+"/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)
	cc := obj(t, conn, "connect")
	if u, _ := cc["connect_url"].(string); u == "" || cc["expires_at"] == nil {
		t.Errorf("connect = %v, want connect_url and expires_at", cc)
	}
	// "a page valid 24 hours".
	now, _ := time.Parse(time.RFC3339Nano, env.Now(t))
	exp, _ := time.Parse(time.RFC3339Nano, cc["expires_at"].(string))
	if d := exp.Sub(now); d < 23*time.Hour+59*time.Minute || d > 24*time.Hour+time.Minute {
		t.Errorf("connect page expires in %v, want 24 hours", d)
	}
	obj(t, conn, "integration")
}

// TestBacklinkExchange checks "Backlink exchange": "A new domain gets a
// 32-hex token, starts unverified"; "POST .../domain/verify (409 before a
// domain is set)"; "Domain ... sharing the registrable domain of the site's
// website_url ...; 422 otherwise"; "opted_in: true without a verified domain
// answers 409"; "Targets ... 409 without one".
func TestBacklinkExchange(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://readme-bl.example.com")
	env.PaidPlan(t, a)
	c := a.Client
	p := "/sites/" + a.SiteID + "/backlinks"
	c.Agent(t, "POST", p+"/domain/verify", nil).ExpectError(t, http.StatusConflict, "conflict")
	c.Agent(t, "POST", p+"/targets", map[string]any{"url": "https://readme-bl.example.com/x", "anchors": []string{"aa", "bb", "cc"}}).ExpectError(t, http.StatusConflict, "conflict")
	wantField(t, c.Agent(t, "POST", p+"/domain", map[string]any{"domain": "elsewhere.org"}), "domain")
	d := c.Agent(t, "POST", p+"/domain", map[string]any{"domain": "https://Blog.Readme-BL.example.com/path"}).Expect(t, http.StatusOK).JSON(t)
	ov := obj(t, c.Agent(t, "GET", p, nil).Expect(t, http.StatusOK).JSON(t), "backlinks")
	if ov["domain"] != "blog.readme-bl.example.com" || ov["status"] != "unverified" {
		t.Errorf("overview = %v (domain answer %v), want the lowercased host, unverified", ov, d)
	}
	ver := obj(t, ov, "verification")
	if tok, _ := ver["token"].(string); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(tok) {
		t.Errorf("token = %v, want 32 hex", ver["token"])
	}
	c.Agent(t, "PATCH", p, map[string]any{"opted_in": true}).ExpectError(t, http.StatusConflict, "conflict")
}

// TestOAuth checks "OAuth, owner sign-in and app connections":
// "/.well-known/oauth-protected-resource (also at
// /.well-known/oauth-protected-resource/mcp) names the resource
// {base_url}/mcp and the issuer {base_url}"; "POST /oauth/register (JSON)
// answers 201 with client_id, client_id_issued_at, client_name,
// redirect_uris, grant_types, response_types, token_endpoint_auth_method.
// client_name is required (1–100). ... Errors: 400 invalid_redirect_uri or
// invalid_client_metadata."
func TestOAuth(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	for _, path := range []string{"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"} {
		m := c.Do(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)
		servers, _ := m["authorization_servers"].([]any)
		if m["resource"] != env.URL+"/mcp" || len(servers) != 1 || servers[0] != env.URL {
			t.Errorf("%s = %v", path, m)
		}
	}
	reg := c.Do(t, "POST", "/oauth/register", map[string]any{"client_name": "Readme app", "redirect_uris": []string{"http://127.0.0.1:9999/cb"}}).Expect(t, http.StatusCreated).JSON(t)
	for _, k := range []string{"client_id", "client_id_issued_at", "client_name", "redirect_uris", "grant_types", "response_types", "token_endpoint_auth_method"} {
		if _, ok := reg[k]; !ok {
			t.Errorf("registration has no %s: %v", k, reg)
		}
	}
	if reg["token_endpoint_auth_method"] != "none" {
		t.Errorf("token_endpoint_auth_method = %v, want none", reg["token_endpoint_auth_method"])
	}
	for body, code := range map[string]string{
		`{"redirect_uris":["https://app.example.com/cb"]}`:                                                "invalid_client_metadata",
		`{"client_name":"` + strings.Repeat("n", 101) + `","redirect_uris":["https://a.example.com/cb"]}`: "invalid_client_metadata",
		`{"client_name":"x","redirect_uris":["myapp://cb"]}`:                                              "invalid_redirect_uri",
		`{"client_name":"x","redirect_uris":["https://app.example.com/cb#frag"]}`:                         "invalid_redirect_uri",
		`{"client_name":"x","redirect_uris":[]}`:                                                          "invalid_redirect_uri",
	} {
		r := c.Do(t, "POST", "/oauth/register", body)
		if r.Status != http.StatusBadRequest || r.JSON(t)["error"] != code {
			t.Errorf("register %s = %d %s, want 400 %s", body, r.Status, r.Body, code)
		}
	}
	oauthMore(t, env)
}

// TestForumPresence checks "Forum presence": "Subforum names are 1–50
// letters, digits, _ or -; a prefix such as r/ answers 422." "enabled: true
// without a brand name answers 422 on enabled." "Sweeps need forum presence
// enabled (409 otherwise)". "disclosure_line and tone show their effective
// value (defaults Disclosure: I work on {brand}. and plain; null or ""
// restores the default)."
func TestForumPresence(t *testing.T) {
	env := testenv.Shared(t)
	// "access: paid while the plan is paid and the site usable, trial while
	// trialing, ... otherwise none. credits is the site's forum_replies
	// balance and period end."
	a := env.NewAccount(t, "")
	c := a.Client
	p := "/sites/" + a.SiteID + "/forum"
	access := func() map[string]any {
		return obj(t, c.Agent(t, "GET", p, nil).Expect(t, http.StatusOK).JSON(t), "forum")
	}
	if f := access(); f["access"] != "none" || obj(t, f, "credits")["period_end"] != nil || f["niche"] != nil {
		t.Errorf("forum without a plan = %v, want access none, no period, niche null", f)
	}
	env.Trial(t, a, testenv.TestCardOK)
	if f := access(); f["access"] != "trial" {
		t.Errorf("access = %v on a trial, want trial", f["access"])
	}
	c.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: readme-forum-"+a.ID).Expect(t, http.StatusOK)
	if f := access(); f["access"] != "paid" || obj(t, f, "credits")["balance"] != 30.0 {
		t.Errorf("forum on the plan = %v, want access paid and 30 replies", f)
	}
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"allow_subforums": []string{"r/freelance"}}), "allow_subforums")
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"deny_subforums": []string{strings.Repeat("s", 51)}}), "deny_subforums")
	c.Agent(t, "POST", p+"/sweeps", nil).ExpectError(t, http.StatusConflict, "conflict")
	c.Agent(t, "PATCH", "/sites/"+a.SiteID, map[string]any{"brand_name": "Tallyreadme"}).Expect(t, http.StatusOK)
	f := obj(t, c.Agent(t, "PATCH", p, map[string]any{"tone": "warm", "disclosure_line": "I work on {brand}, for the record."}).Expect(t, http.StatusOK).JSON(t), "forum")
	if f["tone"] != "warm" {
		t.Fatalf("tone = %v", f["tone"])
	}
	f = obj(t, c.Agent(t, "PATCH", p, map[string]any{"tone": "", "disclosure_line": nil}).Expect(t, http.StatusOK).JSON(t), "forum")
	if f["tone"] != "plain" || f["disclosure_line"] != "Disclosure: I work on {brand}." {
		t.Errorf("tone/disclosure = %v/%v, want the defaults back", f["tone"], f["disclosure_line"])
	}
}

// TestOwnerDashboard checks "Owner dashboard": "Pages answer no-store, keep
// the CSP (default-src 'none', form-action 'self', frame-ancestors 'none')
// and X-Frame-Options: DENY".
func TestOwnerDashboard(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	for _, page := range []string{"/dashboard", "/dashboard/settings", "/dashboard/sites/" + a.SiteID} {
		pg := b.Get(t, page).Expect(t, http.StatusOK)
		if cc := pg.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
			t.Errorf("%s Cache-Control = %q", page, cc)
		}
		csp := pg.Header.Get("Content-Security-Policy")
		for _, d := range []string{"default-src 'none'", "form-action 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, d) {
				t.Errorf("%s CSP %q lacks %s", page, csp, d)
			}
		}
		if x := pg.Header.Get("X-Frame-Options"); x != "DENY" {
			t.Errorf("%s X-Frame-Options = %q", page, x)
		}
	}
}
