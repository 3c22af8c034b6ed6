package integrations

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/pushapi"
)

// TestListGetAndGates lists both platforms, shows setup options, and
// checks the plan and add-on gates.
func TestListGetAndGates(t *testing.T) {
	r := newRig(t, "gates.example.com")
	var list struct {
		Integrations []map[string]any `json:"integrations"`
		NextCursor   any              `json:"next_cursor"`
	}
	r.api(t, "GET", "/sites/"+r.acct.SiteID+"/integrations", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Integrations) != 2 || list.NextCursor != nil {
		t.Fatalf("integrations: %+v", list)
	}
	for i, want := range []struct {
		id, requires string
		available    bool
	}{{"push_platform_1", "trial_or_plan", true}, {"push_platform_2", "paid_plan", false}} {
		got := list.Integrations[i]
		if got["id"] != want.id || got["status"] != "not_connected" || got["requires"] != want.requires || got["available"] != want.available ||
			got["site_id"] != r.acct.SiteID || got["site_url"] != nil || got["last_sync_at"] != nil || got["last_error"] != nil || got["setup"] != nil {
			t.Fatalf("integration %d: %v", i, got)
		}
		if st := got["settings"].(map[string]any); st["default_status"] != "draft" || st["category"] != nil || st["author"] != nil {
			t.Fatalf("default settings %v", st)
		}
	}
	one := r.integration(t, "push_platform_1")
	setup := one["setup"].(map[string]any)
	fields := setup["connect_fields"].([]any)
	if len(fields) != 2 || fields[0].(map[string]any)["name"] != "site_url" || fields[1].(map[string]any)["name"] != "api_token" ||
		len(setup["categories"].([]any)) != 0 || len(setup["default_statuses"].([]any)) != 2 {
		t.Fatalf("setup %v", setup)
	}

	// Unknown platforms and other accounts' sites are not found.
	r.api(t, "GET", r.path("push_platform_3"), nil).ExpectError(t, http.StatusNotFound, "not_found")
	other := r.env.NewAccount(t, "https://other-gates.example.com")
	other.Client.Agent(t, "GET", r.path("push_platform_1"), nil).ExpectError(t, http.StatusNotFound, "not_found")
	other.Client.Agent(t, "GET", "/sites/"+ids.New()+"/integrations", nil).ExpectError(t, http.StatusNotFound, "not_found")

	// Without a trial or plan: connect, configure and sync are refused.
	noPlan := "/sites/" + other.SiteID + "/integrations/push_platform_1"
	other.Client.Agent(t, "POST", noPlan+"/connect", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	other.Client.Agent(t, "PATCH", noPlan, map[string]any{"default_status": "publish"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	other.Client.Agent(t, "POST", noPlan+"/sync", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	other.Client.Agent(t, "GET", noPlan, nil).Expect(t, http.StatusOK)

	// push_platform_2 is the paid plan's add-on: a trial cannot use it.
	for _, resp := range []interface {
		ErrorCode(testing.TB) string
	}{
		r.api(t, "POST", r.path("push_platform_2")+"/connect", nil).Expect(t, http.StatusConflict),
		r.api(t, "PATCH", r.path("push_platform_2"), map[string]any{"default_status": "publish"}).Expect(t, http.StatusConflict),
		r.api(t, "POST", r.path("push_platform_2")+"/sync", nil).Expect(t, http.StatusConflict),
	} {
		if c := resp.ErrorCode(t); c != "integration_unavailable" {
			t.Fatalf("push_platform_2 on a trial: code %s", c)
		}
	}
	// Not connected yet: nothing to sync.
	r.api(t, "POST", r.path("push_platform_1")+"/sync", nil).ExpectError(t, http.StatusConflict, "conflict")
}

var tokenPath = regexp.MustCompile(`^/integrations/connect/[0-9a-f]{64}$`)

// TestConnectPage walks the page an owner opens: the form, refused
// entries, the test call, and a link that works once.
func TestConnectPage(t *testing.T) {
	r := newRig(t, "connect.example.com")
	out := r.api(t, "POST", r.path("push_platform_1")+"/connect", nil).Expect(t, http.StatusOK).JSON(t)
	c := out["connect"].(map[string]any)
	page := strings.TrimPrefix(c["connect_url"].(string), r.env.URL)
	if !tokenPath.MatchString(page) || c["expires_at"] == nil || out["integration"].(map[string]any)["status"] != "not_connected" {
		t.Fatalf("connect answer %v", out)
	}
	html := r.env.Client().Do(t, "GET", page, nil, "Accept: text/html").Expect(t, http.StatusOK)
	for _, want := range []string{`<label for="site_url">Site address <small>(required)</small></label>`, `<label for="api_token">API token <small>(required)</small></label>`, `type="password"`, "Connect Push platform 1", `<form method="post"`} {
		if !strings.Contains(string(html.Body), want) {
			t.Fatalf("page lacks %q:\n%s", want, html.Body)
		}
	}

	try := func(siteURL, token string, status int, msg string) {
		t.Helper()
		resp := r.env.Client().Do(t, "POST", page, map[string]any{"site_url": siteURL, "api_token": token}).Expect(t, status)
		body := resp.JSON(t)
		if body["connected"] != false || !strings.Contains(body["error"].(string), msg) {
			t.Fatalf("%s/%s: %s", siteURL, token, resp.Body)
		}
	}
	try("http://"+r.host, fakeToken, http.StatusUnprocessableEntity, "public https address")
	try("https://127.0.0.1", fakeToken, http.StatusUnprocessableEntity, "public https address")
	try("https://"+r.host, "", http.StatusUnprocessableEntity, "API token")
	try("https://"+r.host, "wrong", http.StatusUnprocessableEntity, "The test call failed, so nothing was saved. The push_platform_1 site refused the API token (HTTP 401).")
	try("https://unreachable.connect.example.com", fakeToken, http.StatusUnprocessableEntity, "could not be reached")
	if got := r.integration(t, "push_platform_1"); got["status"] != "not_connected" {
		t.Fatalf("after refused entries: %v", got)
	}
	// A browser form post gets the page again with the reason.
	form := r.env.Client().Do(t, "POST", page, "site_url=https%3A%2F%2F"+r.host+"&api_token=wrong", "Content-Type: application/x-www-form-urlencoded", "Accept: text/html")
	if form.Status != http.StatusUnprocessableEntity || !strings.Contains(string(form.Body), `role="alert"`) || !strings.Contains(string(form.Body), "refused the API token") {
		t.Fatalf("form answer %d %s", form.Status, form.Body)
	}

	done := r.env.Client().Do(t, "POST", page, "site_url=https%3A%2F%2F"+r.host+"%2F&api_token="+fakeToken, "Content-Type: application/x-www-form-urlencoded", "Accept: text/html").Expect(t, http.StatusOK)
	if !strings.Contains(string(done.Body), "Push platform 1 is connected") || !strings.Contains(string(done.Body), `href="/dashboard/sites/`+r.acct.SiteID+`/integrations"`) {
		t.Fatalf("done page %s", done.Body)
	}
	got := r.integration(t, "push_platform_1")
	if got["status"] != "connected" || got["site_url"] != "https://"+r.host || got["remote_site_name"] != "Acme Blog" || got["connected_at"] == nil {
		t.Fatalf("connected integration %v", got)
	}
	setup := got["setup"].(map[string]any)
	if len(setup["categories"].([]any)) != 2 || len(setup["authors"].([]any)) != 1 {
		t.Fatalf("setup after connecting %v", setup)
	}
	evs := r.acct.Client.Events(t, "integration.connected")
	if len(evs) != 1 || evs[0].Data["integration"].(map[string]any)["status"] != "connected" || *evs[0].SiteID != r.acct.SiteID {
		t.Fatalf("integration.connected events %+v", evs)
	}
	// The link works once.
	r.env.Client().Do(t, "GET", page, nil, "Accept: text/html").Expect(t, http.StatusNotFound)
	try("https://"+r.host, fakeToken, http.StatusNotFound, "not valid")
	r.env.Client().Do(t, "GET", "/integrations/connect/"+strings.Repeat("a", 64), nil).Expect(t, http.StatusNotFound)
}

// TestConfigure validates settings against the platform's options.
func TestConfigure(t *testing.T) {
	r := newRig(t, "settings.example.com")
	// Before connecting any category is kept.
	st := r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"category": "anything"}).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)["settings"].(map[string]any)
	if st["category"] != "anything" || st["default_status"] != "draft" {
		t.Fatalf("settings %v", st)
	}
	r.connect(t, "push_platform_1")
	resp := r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"default_status": "live", "category": "sports", "author": ""})
	resp.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details := resp.JSON(t)["details"].([]any)
	if len(details) != 2 {
		t.Fatalf("details %v", details)
	}
	resp = r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"category": "sports"})
	resp.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if d := resp.JSON(t)["details"].([]any)[0].(map[string]any); d["field"] != "category" || !strings.Contains(d["problem"].(string), "news, guides") {
		t.Fatalf("category problem %v", d)
	}
	st = r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"default_status": "publish", "category": "guides", "author": "editor"}).
		Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)["settings"].(map[string]any)
	if st["default_status"] != "publish" || st["category"] != "guides" || st["author"] != "editor" {
		t.Fatalf("settings %v", st)
	}
	st = r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"author": nil}).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)["settings"].(map[string]any)
	if st["author"] != nil || st["category"] != "guides" {
		t.Fatalf("settings after clearing author %v", st)
	}
}

// TestConnectRefusesAddressesTheAPIRootsCannotFollow: the platform's API
// roots are added to the site address, so one with a query or a fragment,
// or longer than a URL field may be, is refused before any test call.
func TestConnectRefusesAddressesTheAPIRootsCannotFollow(t *testing.T) {
	r := newRig(t, "connect-address.example.com")
	page := r.connectURL(t, "push_platform_1")
	for _, siteURL := range []string{
		"https://" + r.host + "/?lang=en",
		"https://" + r.host + "/#blog",
		"https://" + r.host + "/" + strings.Repeat("a", 2049-len("https://"+r.host+"/")),
	} {
		resp := r.env.Client().Do(t, "POST", page, map[string]any{"site_url": siteURL, "api_token": fakeToken}).Expect(t, http.StatusUnprocessableEntity)
		if msg := resp.JSON(t)["error"].(string); !strings.Contains(msg, "public https address") {
			t.Fatalf("%.60s: %s", siteURL, msg)
		}
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "not_connected" {
		t.Fatalf("after refused addresses: %v", got)
	}
}

// TestListCursorsBelongToTheirList: the integrations list and an article's
// destinations page with cursors that only their own list accepts.
func TestListCursorsBelongToTheirList(t *testing.T) {
	r := newRig(t, "cursors.example.com")
	a := r.written(t, "Cursor article")
	list := "/sites/" + r.acct.SiteID + "/integrations"
	first := r.api(t, "GET", list+"?limit=1", nil).Expect(t, http.StatusOK).JSON(t)
	next, _ := first["next_cursor"].(string)
	if next == "" {
		t.Fatalf("first page %v", first)
	}
	second := r.api(t, "GET", list+"?limit=1&cursor="+next, nil).Expect(t, http.StatusOK).JSON(t)
	if ids := second["integrations"].([]any); len(ids) != 1 || ids[0].(map[string]any)["id"] != "push_platform_2" || second["next_cursor"] != nil {
		t.Fatalf("second page %v", second)
	}
	dests := "/sites/" + r.acct.SiteID + "/articles/" + a["id"].(string) + "/destinations"
	for _, cursor := range []string{next, "eyJvZmZzZXQiOiIxIn0"} { // the integrations list's; {"offset":"1"}
		r.api(t, "GET", dests+"?cursor="+cursor, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	}
	r.api(t, "GET", list+"?cursor=eyJvZmZzZXQiOiIxIn0", nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
}

// TestConnectKeepsABoundedSiteAnswer: whatever the platform site answers
// the test call with (thousands of categories, a long name with control
// characters), connecting succeeds and keeps a bounded, plain part of it.
func TestConnectKeepsABoundedSiteAnswer(t *testing.T) {
	r := newRig(t, "bigsite.example.com")
	var many []pushapi.Option
	for i := range 6000 {
		many = append(many, pushapi.Option{ID: fmt.Sprint("category-", i), Name: "Category " + strings.Repeat("n", 100)})
	}
	r.fake.SetSite("Big\u202e blog\n"+strings.Repeat("b", 5000), many, many[:2])
	got := r.connect(t, "push_platform_1")
	if name := got["remote_site_name"].(string); !strings.HasPrefix(name, "Big blog bbb") || len(name) != 200 {
		t.Fatalf("remote_site_name %q", name)
	}
	setup := r.integration(t, "push_platform_1")["setup"].(map[string]any)
	if len(setup["categories"].([]any)) != 100 || len(setup["authors"].([]any)) != 2 {
		t.Fatalf("setup kept %d categories and %d authors", len(setup["categories"].([]any)), len(setup["authors"].([]any)))
	}
	r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"category": "category-99"}).Expect(t, http.StatusOK)
}
