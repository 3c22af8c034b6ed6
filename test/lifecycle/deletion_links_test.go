package lifecycle_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestDeletedAccountLinksStopWorking: after the owner deletes the account
// (README "Owner dashboard": every agent key, app connection with its
// refresh token, site key and owner session stops working), the links the
// account handed out stop too: an OAuth code approved but not exchanged,
// a refresh token, an unused sign-in link, a claim link, an open
// checkout (expired by the erase job, and refused and cancelled if it is
// completed anyway), the billing portal and an integration's connect
// page. None may bring the account back, charge, or answer 500.
func TestDeletedAccountLinksStopWorking(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	env.Trial(t, a, testenv.TestCardOK)
	portal := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	connect := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)

	// A second account, never paid: its checkout stays open.
	c := env.NewAccount(t, "")
	env.Claim(t, c)
	checkout := c.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)["checkout_url"].(string)

	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	used := approve(t, env, b, "Used App")
	st, tok := used.exchange(t, env)
	if st != http.StatusOK || tok.RefreshToken == "" {
		t.Fatalf("exchange %d %+v", st, tok)
	}
	pending := approve(t, env, b, "Pending App")
	// An unused sign-in link, asked for in another browser.
	other := env.NewBrowser(t)
	link := env.SignInLink(t, other, a.Email, "/dashboard")

	deleteAccount(t, env, a)
	deleteAccount(t, env, c)
	env.RunScheduled(t)

	if st, out := used.refresh(t, env, tok.RefreshToken); st != http.StatusBadRequest || out.Error != "invalid_grant" {
		t.Errorf("refresh after deletion: %d %+v", st, out)
	}
	if st, out := pending.exchange(t, env); st != http.StatusBadRequest || out.Error != "invalid_grant" {
		t.Errorf("code exchanged after deletion: %d %+v", st, out)
		if out.AccessToken != "" {
			env.Client().As(out.AccessToken).Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
		}
	}
	env.Client().As(tok.AccessToken).Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	// The MCP server refuses the agent key and the app's token alike.
	for _, cred := range []string{a.Key, tok.AccessToken} {
		if r := env.Client().As(cred).CallTool(t, "get_account", nil); r.Status != http.StatusUnauthorized {
			t.Errorf("MCP after deletion: %d %s", r.Status, r.Body)
		}
	}

	// The sign-in link: a page, never a session.
	p := other.Get(t, link)
	if p.Status >= 500 {
		t.Errorf("sign-in link after deletion: %d %s", p.Status, p.Body)
	}
	if p.Status == http.StatusOK && p.HasField("token") {
		done := other.Post(t, "/signin/verify", url.Values{"token": {p.Field(t, "token")}, "check": {p.Field(t, "check")}})
		if done.Status == http.StatusSeeOther && strings.Contains(done.Header.Get("Set-Cookie"), "session=") && !strings.Contains(done.Header.Get("Set-Cookie"), "session=;") {
			t.Errorf("a sign-in link of a deleted account signed in: %d %s", done.Status, done.Location)
		}
	}
	if p := other.Get(t, "/dashboard"); p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Location, env.URL+"/signin") {
		t.Errorf("the dashboard after a deleted account's sign-in link: %d %q", p.Status, p.Location)
	}

	// The claim link.
	for _, br := range []*testenv.Browser{env.NewBrowser(t)} {
		p := br.Get(t, a.ClaimURL)
		if p.Status >= 500 || p.Status == http.StatusOK && p.HasForm(strings.TrimPrefix(a.ClaimURL, env.URL)) {
			t.Errorf("claim link after deletion: %d %s", p.Status, p.Body)
		}
	}

	// The open checkout of the deleted account c: no trial starts, nothing
	// is charged.
	r := env.Client().Do(t, "POST", strings.TrimPrefix(checkout, env.URL), map[string]any{"card": testenv.TestCardOK})
	if r.Status == http.StatusOK || r.Status >= 500 {
		t.Errorf("checkout of a deleted account: %d %s", r.Status, r.Body)
	}
	if p := env.NewBrowser(t).Get(t, checkout); p.Status == http.StatusOK || p.Status >= 500 {
		t.Errorf("checkout page of a deleted account: %d", p.Status)
	}

	// The portal of a: no card change, no resume.
	for _, act := range []string{"/card", "/resume", "/cancel"} {
		r := env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+act, map[string]any{"card": testenv.TestCardOK})
		if r.Status == http.StatusOK || r.Status >= 500 {
			t.Errorf("portal %s of a deleted account: %d %s", act, r.Status, r.Body)
		}
	}
	// The processor's portal page itself shows the ended subscription, as
	// Stripe's does after a cancellation.
	if p := env.NewBrowser(t).Get(t, portal); p.Status >= 500 || !strings.Contains(p.Body, "canceled") {
		t.Errorf("portal page of a deleted account: %d %s", p.Status, p.Body)
	}

	// The integration connect page.
	if p := env.NewBrowser(t).Get(t, connect); p.Status == http.StatusOK || p.Status >= 500 {
		t.Errorf("connect page of a deleted account: %d %s", p.Status, p.Body)
	}

	env.Advance(t, 40*24*3600)
	env.RunScheduled(t)
	var charges struct {
		Charges []map[string]any `json:"charges"`
	}
	for _, id := range []string{a.ID, c.ID} {
		env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+id, nil).Expect(t, http.StatusOK).Decode(t, &charges)
		if len(charges.Charges) != 0 {
			t.Errorf("charges of deleted account %s: %v", id, charges.Charges)
		}
	}
}
