package dashboard_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestAppConnectionsAreDisconnected: on the agent keys and apps page an
// app connection is disconnected, as the consent page says, and an agent
// key revoked.
func TestAppConnectionsAreDisconnected(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.OAuthToken(t, a, "Wording App")
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	o := &owner{Account: a, Browser: b, env: env}
	p := o.open(t, "/dashboard/settings/agents",
		`<summary aria-label="Disconnect Wording App…">Disconnect…</summary>`, ">Disconnect Wording App</button>",
		`<summary aria-label="Revoke Test agent…">Revoke…</summary>`, ">Revoke Test agent</button>")
	if strings.Contains(p.Body, "Revoke Wording App") {
		t.Fatalf("the app connection is revoked, not disconnected:\n%s", p.Body)
	}
	// Disconnecting it says so.
	var keys struct {
		Keys []map[string]any `json:"agent_keys"`
	}
	a.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	for _, k := range keys.Keys {
		if k["type"] == "oauth" {
			end := "/dashboard/settings/agents/" + k["id"].(string) + "/revoke"
			o.submit(t, "/dashboard/settings/agents", end, nil).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/settings/agents?done=app_disconnected")
			o.open(t, "/dashboard/settings/agents?done=app_disconnected", "Disconnected. The app no longer works")
			return
		}
	}
	t.Fatalf("no app connection in %v", keys.Keys)
}

// TestForumHintNamesTheBrandOnlyWhenMissing: the forum settings say that
// finding threads needs the site's brand name only while the site has
// none, on the page and on a refused form alike.
func TestForumHintNamesTheBrandOnlyWhenMissing(t *testing.T) {
	env := testenv.Shared(t)
	o := paidOwner(t, env, uniqueHost("forumhint"))
	const needs = "Needs the site&#39;s brand name."
	site := "/sites/" + o.SiteID
	if s := o.Client.Agent(t, "GET", site, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["brand_name"] != nil {
		t.Fatalf("a new site has the brand name %v", s["brand_name"])
	}
	page := o.site("/forum")
	o.open(t, page, needs, "A person posts every reply")
	tooLong := url.Values{"tone": {strings.Repeat("t", 81)}}
	o.submit(t, page, page, tooLong).Expect(t, http.StatusUnprocessableEntity, `id="settings-tone-error"`, needs)

	o.Client.Agent(t, "PATCH", site, map[string]any{"brand_name": "Hint Brand"}).Expect(t, http.StatusOK)
	for _, p := range []*testenv.Page{
		o.open(t, page, "A person posts every reply"),
		o.submit(t, page, page, tooLong).Expect(t, http.StatusUnprocessableEntity, `id="settings-tone-error"`, "A person posts every reply"),
	} {
		if strings.Contains(p.Body, needs) {
			t.Fatalf("the forum page of a site with a brand name says %q:\n%s", needs, p.Body)
		}
	}
}

// TestAutopilotTellsTheTimeInUTC: the autopilot's time of day is in UTC,
// and its page, which has no script to convert it, says what time it is
// in UTC by the service clock.
func TestAutopilotTellsTheTimeInUTC(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	clock := func() string {
		t.Helper()
		now, err := time.Parse(time.RFC3339Nano, env.Now(t))
		if err != nil {
			t.Fatal(err)
		}
		return now.UTC().Format("15:04")
	}
	page := o.site("/autopilot")
	before := clock()
	p := o.open(t, page, "Time of day (UTC)")
	after := clock()
	if !strings.Contains(p.Body, "It is now "+before+" UTC.") && !strings.Contains(p.Body, "It is now "+after+" UTC.") {
		t.Fatalf("the autopilot page does not say it is now %s (or %s) UTC:\n%s", before, after, p.Body)
	}
	expectPlain(t, page, p)
}
