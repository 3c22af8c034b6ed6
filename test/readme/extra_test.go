package readme

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// conventionsMore checks the rest of "Conventions": "Idempotency-Key (1 to
// 255 characters)"; "error answers are replayed too ... with
// Idempotent-Replayed: true"; "Timestamps are RFC 3339 UTC with
// microseconds. Query timestamps (since) accept any RFC 3339 form, and ISO
// 8601's forms without seconds ... or with an offset written without its
// colon ... a time without an offset, or a bare date, is UTC. A time
// that falls outside the years 0000–9999 once in UTC (such as
// 9999-12-31T23:30:00-01:00) is refused like any unreadable since"; "a
// cursor the list did not issue ... answers 422"; "a browser asking for HTML
// outside the APIs gets a 404 page, and a page's address with a trailing
// slash redirects to the page".
func conventionsMore(t *testing.T, env *testenv.Env, a *testenv.Account) {
	t.Helper()
	c := a.Client
	arts := "/sites/" + a.SiteID + "/articles"
	c.Agent(t, "POST", arts, map[string]any{"title": "x"}, "Idempotency-Key: "+strings.Repeat("k", 256)).ExpectError(t, http.StatusBadRequest, "bad_request")
	key := "Idempotency-Key: readme-err-" + a.ID
	first := c.Agent(t, "POST", arts, map[string]any{"title": ""}, key)
	wantField(t, first, "title")
	again := c.Agent(t, "POST", arts, map[string]any{"title": ""}, key)
	wantField(t, again, "title")
	if again.Header.Get("Idempotent-Replayed") != "true" || first.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("Idempotent-Replayed = %q then %q, want it only on the replay", first.Header.Get("Idempotent-Replayed"), again.Header.Get("Idempotent-Replayed"))
	}

	wantField(t, c.Agent(t, "GET", "/activity?since=9999-12-31T23:30:00-01:00", nil), "since")
	c.Agent(t, "GET", "/activity?since=2026-01-01", nil).Expect(t, http.StatusOK)
	c.Agent(t, "GET", "/activity?since=2026-01-01T09:00Z", nil).Expect(t, http.StatusOK)
	c.Agent(t, "GET", "/events?since=2026-01-01T10:00:00%2B0100", nil).Expect(t, http.StatusOK)
	wantField(t, c.Agent(t, "GET", "/events?cursor=abc", nil), "cursor")
	acct := obj(t, c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t), "account")
	if ts, _ := acct["created_at"].(string); !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$`).MatchString(ts) {
		t.Errorf("created_at = %q, want RFC 3339 UTC with microseconds", ts)
	}

	// "requests without an accepted credential (account creation, refused
	// credentials) count against 300 per minute per caller address"; "A
	// request to an unknown path ... counts ... against the account when it
	// brings an accepted agent credential".
	for _, r := range []*testenv.Response{
		env.Client().Agent(t, "POST", "/accounts", "[1]"),
		env.Client().As("rv_agent_nope").Agent(t, "GET", "/account", nil),
	} {
		if l := r.Header.Get("X-RateLimit-Limit"); l != "300" {
			t.Errorf("anonymous %d answer has X-RateLimit-Limit %q, want 300", r.Status, l)
		}
	}
	before := c.Agent(t, "GET", "/account", nil)
	unknown := c.Agent(t, "GET", "/no-such-path", nil)
	if unknown.Header.Get("X-RateLimit-Limit") != "600" ||
		(unknown.Header.Get("X-RateLimit-Reset") == before.Header.Get("X-RateLimit-Reset") &&
			atoi(unknown.Header.Get("X-RateLimit-Remaining")) != atoi(before.Header.Get("X-RateLimit-Remaining"))-1) {
		t.Errorf("unknown path with a key: limit %s remaining %s after %s, want the account's count",
			unknown.Header.Get("X-RateLimit-Limit"), unknown.Header.Get("X-RateLimit-Remaining"), before.Header.Get("X-RateLimit-Remaining"))
	}

	page := env.Client().Do(t, "GET", "/nowhere-at-all", nil, "Accept: text/html")
	if page.Status != http.StatusNotFound || !strings.Contains(strings.ToLower(string(page.Body)), "<!doctype html") {
		t.Errorf("HTML 404 = %d %.80s", page.Status, page.Body)
	}
	slash := env.Client().Do(t, "GET", "/dashboard/settings/", nil)
	if slash.Status/100 != 3 || slash.Header.Get("Location") != "/dashboard/settings" {
		t.Errorf("trailing slash = %d to %q, want a redirect to /dashboard/settings", slash.Status, slash.Header.Get("Location"))
	}
}

// articlesMore checks the rest of "Articles": "body_markdown null or blank
// ... answers 409 for a finished article"; "sending [status] for a finished
// article answers 409"; "a Markdown image or an <img> tag ... outside code
// answers 422"; Publish: "url (also accepted as published_url ...; both
// with different values answer 422)", "on the website domain ..., www.
// ignored ...; 422 otherwise", "GET .../destinations ... {destinations:
// [...], next_cursor: null}"; Score: "each check is {id, label, passed,
// points, max_points, detail}".
func articlesMore(t *testing.T, a *testenv.Account) {
	t.Helper()
	c := a.Client
	base := "/sites/" + a.SiteID + "/articles"
	wantField(t, c.Agent(t, "POST", base, map[string]any{"title": "img", "body_markdown": "Look: ![x](https://acme.com/x.png)"}), "body_markdown")
	c.Agent(t, "POST", base, map[string]any{"title": "code", "body_markdown": "Use `<img src=x>` in code."}).Expect(t, http.StatusCreated)

	art := obj(t, c.Agent(t, "POST", base, map[string]any{"title": "Body here", "body_markdown": "# Title\n\n## Part\n\nSome text."}).Expect(t, http.StatusCreated).JSON(t), "article")
	p := base + "/" + art["id"].(string)
	sc := obj(t, c.Agent(t, "GET", p+"/score", nil).Expect(t, http.StatusOK).JSON(t), "score")
	seo := obj(t, sc, "seo")
	checks, _ := seo["checks"].([]any)
	ids := map[string]bool{}
	for _, x := range checks {
		m := x.(map[string]any)
		ids[m["id"].(string)] = true
		for _, k := range []string{"label", "passed", "points", "max_points", "detail"} {
			if _, ok := m[k]; !ok {
				t.Errorf("check %v has no %s", m["id"], k)
			}
		}
	}
	for _, id := range []string{"keyword_in_title", "keyword_in_h1", "keyword_in_intro", "keyword_in_subheading", "length", "description_length", "keyword_in_description", "keyword_in_slug", "links", "sections"} {
		if !ids[id] {
			t.Errorf("SEO checks lack %s: %v", id, ids)
		}
	}

	c.Agent(t, "POST", p+"/finish", nil).Expect(t, http.StatusOK)
	c.Agent(t, "PATCH", p, map[string]any{"body_markdown": nil}).ExpectError(t, http.StatusConflict, "conflict")
	c.Agent(t, "PATCH", p, map[string]any{"status": "scheduled"}).ExpectError(t, http.StatusConflict, "conflict")
	wantField(t, c.Agent(t, "POST", p+"/publish", map[string]any{"url": "https://acme.com/a", "published_url": "https://acme.com/b"}), "published_url")
	wantField(t, c.Agent(t, "POST", p+"/publish", map[string]any{"url": "https://other.org/a"}), "url")
	pub := c.Agent(t, "POST", p+"/publish", map[string]any{"published_url": "https://www.acme.com/a"}).Expect(t, http.StatusOK).JSON(t)
	if res, _ := pub["results"].([]any); len(res) != 1 || res[0].(map[string]any)["result"] != "recorded" {
		t.Errorf("results = %v, want one recorded", pub["results"])
	}
	d := c.Agent(t, "GET", p+"/destinations", nil).Expect(t, http.StatusOK).JSON(t)
	if l, ok := d["destinations"].([]any); !ok || len(l) != 0 || d["next_cursor"] != nil {
		t.Errorf("destinations = %v, want {destinations: [], next_cursor: null}", d)
	}
}

// webhooksMore checks "POST /webhooks/{id}/test records a webhook.test
// event (visible in GET /events, site_id null, data.webhook_id) and sends
// it once ... It answers 200 {delivery: {status, duration_ms, error,
// event_id}}" and "GET /webhooks/{webhook_id}/deliveries lists attempts
// ...: id, delivery_id, event_id, event_type, attempt, succeeded, status,
// error, duration_ms, created_at, next_attempt_at".
func webhooksMore(t *testing.T, c *testenv.Client, id string) {
	t.Helper()
	d := obj(t, c.Agent(t, "POST", "/webhooks/"+id+"/test", nil).Expect(t, http.StatusOK).JSON(t), "delivery")
	if d["status"] != nil {
		t.Errorf("status = %v when no answer came, want null", d["status"])
	}
	if e, _ := d["error"].(string); e == "" || d["event_id"] == nil || d["duration_ms"] == nil {
		t.Errorf("delivery = %v", d)
	}
	evs, _ := c.Agent(t, "GET", "/events?types=webhook.test", nil).Expect(t, http.StatusOK).JSON(t)["events"].([]any)
	if len(evs) != 1 {
		t.Fatalf("webhook.test events = %v, want 1", evs)
	}
	ev := evs[0].(map[string]any)
	if ev["id"] != d["event_id"] || ev["site_id"] != nil || obj(t, ev, "data")["webhook_id"] != id {
		t.Errorf("event = %v", ev)
	}
	dl, _ := c.Agent(t, "GET", "/webhooks/"+id+"/deliveries", nil).Expect(t, http.StatusOK).JSON(t)["deliveries"].([]any)
	if len(dl) != 1 {
		t.Fatalf("deliveries = %v, want the test's one attempt", dl)
	}
	row := dl[0].(map[string]any)
	for _, k := range []string{"id", "delivery_id", "event_id", "event_type", "attempt", "succeeded", "status", "error", "duration_ms", "created_at", "next_attempt_at"} {
		if _, ok := row[k]; !ok {
			t.Errorf("delivery row has no %s: %v", k, row)
		}
	}
	if row["event_type"] != "webhook.test" || row["succeeded"] != false || row["next_attempt_at"] != nil {
		t.Errorf("delivery row = %v, want one failed webhook.test attempt not retried", row)
	}
}

// publicMore checks "GET /articles. ... an unreadable since ... answers 400.
// limit is brought into 1–100 (1 when absent ...). Only published=false
// (any case) filters; other values list everything." "Credential.
// Authorization: Bearer when present, otherwise X-Api-Key." "The public
// articles API keeps its spec's answers (500 for a non-UUID id)."
func publicMore(t *testing.T, env *testenv.Env, a *testenv.Account, key string) {
	t.Helper()
	base := "/sites/" + a.SiteID + "/articles"
	for _, title := range []string{"First finished", "Second finished"} {
		id := obj(t, a.Client.Agent(t, "POST", base, map[string]any{"title": title, "body_markdown": "Some text."}).Expect(t, http.StatusCreated).JSON(t), "article")["id"].(string)
		a.Client.Agent(t, "POST", base+"/"+id+"/finish", nil).Expect(t, http.StatusOK)
	}
	pub := env.Client().As(key)
	count := func(q string) int {
		l, _ := pub.Do(t, "GET", "/api/public/v1/articles"+q, nil).Expect(t, http.StatusOK).JSON(t)["articles"].([]any)
		return len(l)
	}
	if n := count(""); n != 1 {
		t.Errorf("no limit gave %d articles, want 1", n)
	}
	if n := count("?limit=1000"); n != 2 {
		t.Errorf("limit=1000 gave %d articles, want 2", n)
	}
	if n := count("?limit=100&published=FALSE"); n != 2 {
		t.Errorf("published=FALSE gave %d unpublished articles, want 2", n)
	}
	if n := count("?limit=100&published=no"); n != 2 {
		t.Errorf("published=no gave %d articles, want 2", n)
	}
	pub.Do(t, "GET", "/api/public/v1/articles?since=garbage", nil).Expect(t, http.StatusBadRequest)
	pub.Do(t, "GET", "/api/public/v1/articles/not-a-uuid", nil).Expect(t, http.StatusInternalServerError)
	env.Client().Do(t, "GET", "/api/public/v1/ping", nil, "X-Api-Key: "+key).Expect(t, http.StatusOK)
}

// accountsMore checks "Signups": "email ... compared with other accounts'
// (without case) at its domain's ASCII form, so owner@bücher.de,
// owner@xn--bcher-kva.de ... are one address (the second answers 409
// account_exists)"; "no IP address or address literal such as
// [127.0.0.1]"; site_url "a port outside 1 to 65535, a space, one of < > "
// ` ... are refused"; "full-width forms ... so http://１２７.０.０.１/ is the
// refused loopback address"; "A host name in another script
// (https://bücher.de) is accepted".
func accountsMore(t *testing.T, env *testenv.Env) {
	t.Helper()
	signup := func(email, site string) *testenv.Response {
		return env.Client().Agent(t, "POST", "/accounts", map[string]any{"email": email, "site_url": site, "agent": map[string]any{"name": "bot"}})
	}
	local := strings.Split(testenv.UniqueEmail("idn"), "@")[0]
	signup(local+"@bücher.de", "https://bücher.de").Expect(t, http.StatusCreated)
	signup(strings.ToUpper(local)+"@xn--bcher-kva.de", "https://acme.com").ExpectError(t, http.StatusConflict, "account_exists")
	wantField(t, signup(local+"@[127.0.0.1]", "https://acme.com"), "email")
	for _, site := range []string{"https://acme.com:0/", "https://acme.com:65536/", "https://acme.com/<x>", "https://acme.com/a b", "http://１２７.０.０.１/", "https://nas.lan/", "https://-acme.com/"} {
		wantField(t, signup(testenv.UniqueEmail("url"), site), "site_url")
	}
}

// scansMore checks "Sites and scans": "A POST /sites/{site_id}/scan while
// another scan is queued or running is accepted (202) and replaces it: the
// older job fails with code conflict"; "Without a trial or plan an account
// may start 3 scans per UTC day ..., the scan started with the account
// included; the 4th answers 429 rate_limited with Retry-After until 00:00
// UTC"; "website_url is at most 2,048 characters".
func scansMore(t *testing.T, a *testenv.Account) {
	t.Helper()
	c := a.Client
	p := "/sites/" + a.SiteID
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"website_url": "https://acme.com/" + strings.Repeat("a", 2049-len("https://acme.com/"))}), "website_url")
	older := obj(t, c.Agent(t, "POST", p+"/scan", nil).Expect(t, http.StatusAccepted).JSON(t), "job")
	newer := obj(t, c.Agent(t, "POST", p+"/scan", nil).Expect(t, http.StatusAccepted).JSON(t), "job")
	r := c.Agent(t, "POST", p+"/scan", nil)
	r.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if ra := r.Header.Get("Retry-After"); ra == "" || len(ra) > 5 || ra == "0" {
		t.Errorf("Retry-After = %q, want the seconds until 00:00 UTC", ra)
	}
	o := c.WaitJob(t, older["id"].(string))
	c.WaitJob(t, newer["id"].(string))
	e, _ := o["error"].(map[string]any)
	if fin, _ := o["finished_at"].(string); fin >= newer["created_at"].(string) && (o["status"] != "failed" || e["code"] != "conflict") {
		t.Errorf("replaced scan = %v, want it failed with code conflict", o)
	}
}

// claimsAndIDs checks "Strings are trimmed."; "Claim links ... each resend
// issues a new link (earlier unexpired ones keep working until the account
// is claimed)"; Path ids: "an uppercase or over-long one is refused" with
// "the resource's own not_found"; "Every answer carries X-Request-Id" (the
// public API and MCP included).
func claimsAndIDs(t *testing.T, env *testenv.Env, a *testenv.Account) {
	t.Helper()
	email := testenv.UniqueEmail("trim")
	r := env.Client().Agent(t, "POST", "/accounts", map[string]any{"email": "  " + email + " ", "site_url": " https://acme.com ", "agent": map[string]any{"name": "  bot  "}}).Expect(t, http.StatusCreated).JSON(t)
	acct := obj(t, r, "account")
	if acct["email"] != email || obj(t, acct, "created_by_agent")["name"] != "bot" {
		t.Errorf("account = %v, want trimmed email and agent name", acct)
	}
	old, _ := a.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK).JSON(t)["claim_url"].(string)
	a.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK)
	if pg := env.Client().Do(t, "GET", strings.TrimPrefix(old, env.URL), nil); pg.Status != http.StatusOK {
		t.Errorf("an earlier claim link answered %d after a resend, want it working", pg.Status)
	}
	nf := a.Client.Agent(t, "GET", "/sites/"+strings.ToUpper(a.SiteID), nil)
	nf.ExpectError(t, http.StatusNotFound, "not_found")
	for name, r := range map[string]*testenv.Response{
		"agent 404":  nf,
		"public 404": env.Client().Do(t, "GET", "/api/public/v1/nothing", nil),
		"mcp 401":    env.Client().Do(t, "POST", "/mcp", `{}`),
	} {
		if r.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s has no X-Request-Id", name)
		}
	}
}

// articlePatch checks "PATCH changes only sent fields (keyword,
// scheduled_for and description clear with null ...; status moves only
// between opportunity and scheduled)" and "a PATCH of title moves [slug] on
// an idea, a scheduled ... article".
func articlePatch(t *testing.T, a *testenv.Account) {
	t.Helper()
	c := a.Client
	art := obj(t, c.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Old title", "keyword": "kw one", "description": "d", "status": "scheduled", "scheduled_for": "2027-01-02"}).Expect(t, http.StatusCreated).JSON(t), "article")
	id := art["id"].(string)
	p := "/sites/" + a.SiteID + "/articles/" + id
	got := obj(t, c.Agent(t, "PATCH", p, map[string]any{"title": "New Title!", "keyword": nil, "scheduled_for": nil, "description": nil}).Expect(t, http.StatusOK).JSON(t), "article")
	if got["slug"] != "new-title-"+id[:8] || got["keyword"] != nil || got["scheduled_for"] != nil || got["description"] == "d" || got["status"] != "scheduled" {
		t.Errorf("article after PATCH = %v", got)
	}
	got = obj(t, c.Agent(t, "PATCH", p, map[string]any{"status": "opportunity"}).Expect(t, http.StatusOK).JSON(t), "article")
	if got["status"] != "opportunity" || got["title"] != "New Title!" {
		t.Errorf("article after status PATCH = %v", got)
	}
}

// oauthMore checks "Discovery. /.well-known/oauth-authorization-server lists
// /oauth/authorize, /oauth/token, /oauth/register, /oauth/revoke, PKCE S256
// only, response type code, grants authorization_code and refresh_token,
// client authentication none, scopes account and email"; "POST /signin
// always shows "Check your email""; consent "Without authorization_id: 400
// "Nothing to approve""; tokens: "Errors are {error, error_description}
// with Cache-Control: no-store: 400 ... unsupported_grant_type ...; 401
// invalid_client"; "POST /oauth/revoke answers 200; ... an unknown token
// ... changes nothing. A client_id ... that is not registered answers 401
// invalid_client".
func oauthMore(t *testing.T, env *testenv.Env) {
	t.Helper()
	m := env.Client().Do(t, "GET", "/.well-known/oauth-authorization-server", nil).Expect(t, http.StatusOK).JSON(t)
	for k, v := range map[string]string{
		"issuer": env.URL, "authorization_endpoint": env.URL + "/oauth/authorize", "token_endpoint": env.URL + "/oauth/token",
		"registration_endpoint": env.URL + "/oauth/register", "revocation_endpoint": env.URL + "/oauth/revoke",
	} {
		if m[k] != v {
			t.Errorf("%s = %v, want %s", k, m[k], v)
		}
	}
	list := func(k string) string {
		var out []string
		for _, x := range m[k].([]any) {
			out = append(out, x.(string))
		}
		return strings.Join(out, ",")
	}
	for k, v := range map[string]string{
		"code_challenge_methods_supported": "S256", "response_types_supported": "code",
		"grant_types_supported": "authorization_code,refresh_token", "token_endpoint_auth_methods_supported": "none",
		"scopes_supported": "account,email",
	} {
		if got := list(k); got != v {
			t.Errorf("%s = %s, want %s", k, got, v)
		}
	}

	b := env.NewBrowser(t)
	b.Post(t, "/signin", url.Values{"email": {testenv.UniqueEmail("nobody")}}).Expect(t, http.StatusOK, "Check your email")
	b.Get(t, "/oauth/consent").Expect(t, http.StatusBadRequest, "Nothing to approve")
	tok := b.Post(t, "/oauth/token", url.Values{"grant_type": {"password"}}).Expect(t, http.StatusBadRequest, "unsupported_grant_type", "error_description")
	if cc := tok.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("token error Cache-Control = %q, want no-store", cc)
	}
	b.Post(t, "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"rv_refresh_nope"}, "client_id": {"nope"}}).Expect(t, http.StatusUnauthorized, "invalid_client")
	b.Post(t, "/oauth/revoke", url.Values{"token": {"whatever"}}).Expect(t, http.StatusOK)
	b.Post(t, "/oauth/revoke", url.Values{"token": {"whatever"}, "client_id": {"nope"}}).Expect(t, http.StatusUnauthorized, "invalid_client")
}

// atoi reads a header's number (-1 when it is not one).
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}
