package audit22h

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestConnectLinkLivesADayAndTakesALongAddress: POST .../connect answers a
// page valid 24 hours; a day and a second later the link is refused with a
// sentence and connects nothing. The page takes a site address of exactly
// 2,048 characters (README, Push integrations: "the platform site's https
// address (at most 2,048 characters, without a query or fragment)") and
// keeps it as given.
func TestConnectLinkLivesADayAndTakesALongAddress(t *testing.T) {
	const host = "connect-audit22h.example.org"
	env := testenv.StartQuiet(t)
	env.SetHost(t, host, "127.0.0.1:1")
	fake := platformfake.New("Long blog", "tok")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	acct := env.NewAccount(t, "https://"+host+"/")
	env.Trial(t, acct, testenv.TestCardOK)
	path := "/sites/" + acct.SiteID + "/integrations/push_platform_1"

	out := acct.Client.Agent(t, "POST", path+"/connect", nil).Expect(t, http.StatusOK).JSON(t)
	c := out["connect"].(map[string]any)
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	exp, err := time.Parse(time.RFC3339Nano, c["expires_at"].(string))
	if err != nil || exp.After(now.Add(24*time.Hour)) || exp.Before(now.Add(24*time.Hour-time.Minute)) {
		t.Fatalf("expires_at %v with the clock at %v", c["expires_at"], now)
	}
	if out["integration"].(map[string]any)["id"] != "push_platform_1" {
		t.Fatalf("connect answer %v", out)
	}
	page := strings.TrimPrefix(c["connect_url"].(string), env.URL)
	env.Advance(t, 24*3600+1)
	r := env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://cms." + host, "api_token": "tok"}).Expect(t, http.StatusNotFound).JSON(t)
	if r["connected"] != false || r["error"] == "" {
		t.Fatalf("expired link answer %v", r)
	}

	base := "https://cms." + host + "/"
	long := base + strings.Repeat("b", 2048-len(base))
	page = strings.TrimPrefix(acct.Client.Agent(t, "POST", path+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string), env.URL)
	done := env.Client().Do(t, "POST", page, map[string]any{"site_url": long, "api_token": "tok"}).Expect(t, http.StatusOK).JSON(t)
	if done["connected"] != true || done["integration"].(map[string]any)["site_url"] != long {
		t.Fatalf("connect with a 2,048-character address: %v", done)
	}
}

// TestIntegrationSettingsAreOnePlainLine: PATCH of an integration's
// category and author refuses control characters, line breaks and
// bidirectional overrides with 422 validation_failed naming the field
// (README, Conventions: "integration category/author" are one-line
// fields), and an unknown default_status names default_status.
func TestIntegrationSettingsAreOnePlainLine(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://settings-audit22h.example.org/")
	env.Trial(t, acct, testenv.TestCardOK)
	path := "/sites/" + acct.SiteID + "/integrations/push_platform_1"
	for _, body := range []map[string]any{
		{"category": "news\tdesk"}, {"author": "ed\nitor"}, {"category": "a\u202eb"}, {"author": "x\u2028y"}, {"default_status": "scheduled"}, {"default_status": nil},
	} {
		e := acct.Client.Agent(t, "PATCH", path, body).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := e["details"].([]any)
		var field string
		for k := range body {
			field = k
		}
		if len(details) != 1 || details[0].(map[string]any)["field"] != field {
			t.Fatalf("PATCH %q: details %v", body, e["details"])
		}
	}
	st := acct.Client.Agent(t, "PATCH", path, map[string]any{"category": "  news  "}).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)["settings"].(map[string]any)
	if st["category"] != "news" {
		t.Fatalf("settings %v", st)
	}
}

// TestConnectRefusesATokenThatIsNoOneLine: an API token holding a line
// break or another control character is refused on the connect page with
// a sentence about the token, before any test call, and connects nothing.
// README (Push integrations): the owner enters "an API token (at most
// 2,000 characters, on one line), checked with a test call". The service
// sent it on to the test call, which could not even be made (Go refuses
// such a header value) and answered "The push_platform_1 site could not
// be reached: ... the connection failed (... net/http: invalid header
// field value for "Authorization")": the owner was told the site was
// down, when the pasted token was at fault and no request left.
func TestConnectRefusesATokenThatIsNoOneLine(t *testing.T) {
	const host = "token-audit22h.example.org"
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://"+host+"/")
	env.Trial(t, acct, testenv.TestCardOK)
	srv := httptest.NewTLSServer(platformfake.New("Token blog", "tok"))
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	link := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	page := strings.TrimPrefix(link, env.URL)
	for _, tok := range []string{"to\nk", "to\x01k", "to\u2028k", "t\tok"} {
		r := env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://cms." + host, "api_token": tok}).Expect(t, http.StatusUnprocessableEntity).JSON(t)
		msg, _ := r["error"].(string)
		if r["connected"] != false || !strings.Contains(msg, "API token") || strings.Contains(msg, "could not be reached") {
			t.Fatalf("token %q: %v", tok, r)
		}
	}
	// The link still works: a refused entry does not use it up.
	done := env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://cms." + host, "api_token": "  tok  "}).Expect(t, http.StatusOK).JSON(t)
	if done["connected"] != true {
		t.Fatalf("connect with the token trimmed: %v", done)
	}
}
