package lifecycle_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestNothingOfADeletedAccountStays: README "Owner dashboard": the erase
// job deletes every item of the account and its sites, so nothing of the
// account is left in the table within an hour (the tombstone, which keeps
// only the id and the time of deletion, and the erase job aside). Links
// and tokens the account handed out (claim, sign-in and connect links,
// OAuth codes and refresh tokens, replaced ones included) are items too.
func TestNothingOfADeletedAccountStays(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	// A second claim link, then the claim.
	a.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK)
	env.Claim(t, a)
	env.PaidPlan(t, a)
	a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID+"/autopilot", map[string]any{"enabled": true, "weekly_cadence": 14}).Expect(t, http.StatusOK)
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Planned one", "status": "scheduled"}).Expect(t, http.StatusCreated)
	a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/residue", "events": []string{"*"}}).Expect(t, http.StatusCreated)
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keys", map[string]any{"name": "Blog"}).Expect(t, http.StatusCreated)
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK)
	a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Second agent"}).Expect(t, http.StatusCreated)
	a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK)

	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	g := approve(t, env, b, "Residue App")
	st, tok := g.exchange(t, env)
	if st != http.StatusOK {
		t.Fatalf("exchange %d", st)
	}
	if st, _ := g.refresh(t, env, tok.RefreshToken); st != http.StatusOK { // the first refresh token is remembered as replaced
		t.Fatalf("refresh %d", st)
	}
	approve(t, env, b, "Never Exchanged")
	env.SignInLink(t, env.NewBrowser(t), a.Email, "/dashboard")
	b.Post(t, "/signin", url.Values{"email": {a.Email}}).Expect(t, http.StatusOK)

	deleteAccount(t, env, a)
	env.RunScheduled(t)
	env.Advance(t, 16*60)
	env.RunScheduled(t)
	env.Advance(t, 45*60)
	env.RunScheduled(t)

	var left []string
	for _, k := range env.Mentions(t, a.ID, a.Email) {
		switch {
		case k == "ACCT#"+a.ID+" | ACCOUNT",
			strings.HasPrefix(k, "ACCT#"+a.ID+" | JOB#"), // the erase job, which leaves with a TTL
			strings.HasPrefix(k, "DEVMAIL#"),             // the dev stack's outbox
			strings.HasPrefix(k, "SIMPAY#"),              // the simulated processor's own records
			strings.HasPrefix(k, "COUNT#"):               // rate-limit windows, which leave by TTL at the window's end
			continue
		}
		left = append(left, k)
	}
	if len(left) != 0 {
		t.Fatalf("an hour after the deletion the table still holds the account's\n%s", strings.Join(left, "\n"))
	}

	// A week of scheduled work later (autopilot slots, renewals, sweeps):
	// nothing was written for the account again, nothing charged, and the
	// deletion's email is the last one.
	for range 7 {
		env.Advance(t, 24*3600)
		env.RunScheduled(t)
	}
	for _, k := range env.Mentions(t, a.ID, a.Email) {
		if !strings.HasPrefix(k, "ACCT#"+a.ID+" | ACCOUNT") && !strings.HasPrefix(k, "ACCT#"+a.ID+" | JOB#") &&
			!strings.HasPrefix(k, "DEVMAIL#") && !strings.HasPrefix(k, "SIMPAY#") && !strings.HasPrefix(k, "COUNT#") {
			t.Errorf("a week after the deletion the table holds %s", k)
		}
	}
	if m := env.Emails(t, a.Email); m[0].Subject != "Your account was deleted" {
		t.Errorf("mail after the deletion: %q", m[0].Subject)
	}
	var charges struct {
		Charges []map[string]any `json:"charges"`
	}
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+a.ID, nil).Expect(t, http.StatusOK).Decode(t, &charges)
	for _, c := range charges.Charges {
		if c["description"] != "Plan: first invoice" && c["created_at"].(string) > env.Now(t)[:10] {
			t.Errorf("charged after the deletion: %v", c)
		}
	}
}
