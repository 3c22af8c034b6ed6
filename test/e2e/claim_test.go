package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// claimPath turns a claim_url into a path on the stack.
func claimPath(t testing.TB, env *testenv.Env, claimURL string) string {
	t.Helper()
	if !strings.HasPrefix(claimURL, env.URL+"/claim/") {
		t.Fatalf("claim_url %q is not on the stack", claimURL)
	}
	return strings.TrimPrefix(claimURL, env.URL)
}

// expectPage checks an HTML answer and returns its body.
func expectPage(t testing.TB, r *testenv.Response, status int, contains ...string) string {
	t.Helper()
	r.Expect(t, status)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("Content-Type %q, want HTML", ct)
	}
	if r.Header.Get("X-Request-Id") == "" {
		t.Fatal("page without X-Request-Id")
	}
	body := string(r.Body)
	for _, c := range contains {
		if !strings.Contains(body, c) {
			t.Fatalf("page lacks %q:\n%s", c, body)
		}
	}
	return body
}

// TestClaimFlow resends the claim link, claims the account on its page and
// checks every trace of the claim.
func TestClaimFlow(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	page := expectPage(t, env.Client().Do(t, "GET", claimPath(t, env, acct.ClaimURL), nil), http.StatusOK,
		`<form method="post"`, acct.Email, "Test agent", "Claim this account")
	if strings.Contains(page, "Account claimed") {
		t.Fatal("unclaimed account shows the claimed page")
	}

	// Three resends a day, each a new working link, each emailed.
	links := map[string]bool{acct.ClaimURL: true}
	var latest string
	for i := 1; i <= 3; i++ {
		var res struct {
			Sent     *bool  `json:"sent"`
			ClaimURL string `json:"claim_url"`
		}
		r := acct.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK)
		r.Decode(t, &res)
		if keysOf(r.JSON(t)) != "claim_url,sent" || res.Sent == nil || !*res.Sent || links[res.ClaimURL] {
			t.Fatalf("resend %d = %s, want sent true and a new link", i, r.Body)
		}
		links[res.ClaimURL] = true
		latest = res.ClaimURL
		expectPage(t, env.Client().Do(t, "GET", claimPath(t, env, res.ClaimURL), nil), http.StatusOK, `<form method="post"`)
		mails := env.Emails(t, acct.Email)
		if len(mails) != 1+i || len(mails[0].Links) != 1 || mails[0].Links[0] != res.ClaimURL || !strings.Contains(mails[0].Text, res.ClaimURL) {
			t.Fatalf("after resend %d: %d mails, newest %+v; want the new link on top", i, len(mails), mails[0])
		}
	}
	r := acct.Client.Agent(t, "POST", "/account/resend-claim", nil)
	expectError(t, r, http.StatusTooManyRequests, "rate_limited")
	if ra := headerInt(t, r, "Retry-After"); ra < 1 || ra > 86400 {
		t.Fatalf("Retry-After = %d, want within a day", ra)
	}
	if n := len(env.Emails(t, acct.Email)); n != 4 {
		t.Fatalf("%d mails after a refused resend, want 4", n)
	}

	// Claim with the newest link.
	path := claimPath(t, env, latest)
	expectPage(t, env.Client().Do(t, "POST", path, nil), http.StatusOK, "Account claimed", acct.Email)
	a := object(t, acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t), "account")
	claimedAt, _ := a["claimed_at"].(string)
	if a["claimed"] != true || !strings.HasSuffix(claimedAt, "Z") {
		t.Fatalf("account after claim = %v", a)
	}

	// The token is single use; other links show the account is claimed
	// (since when, as a person reads it) and offer the sign-in link that
	// opens the dashboard, never the claim form again.
	expectPage(t, env.Client().Do(t, "POST", path, nil), http.StatusNotFound, "Link not valid")
	expectPage(t, env.Client().Do(t, "GET", path, nil), http.StatusNotFound, "Link not valid")
	at, err := time.Parse(time.RFC3339Nano, claimedAt)
	if err != nil {
		t.Fatal(err)
	}
	since := at.UTC().Format("2 Jan 2006 15:04 MST")
	other := expectPage(t, env.Client().Do(t, "GET", claimPath(t, env, acct.ClaimURL), nil), http.StatusOK, "Account claimed", since, `action="/signin"`)
	if strings.Contains(other, `action=""`) || strings.Contains(other, "Claim this account") {
		t.Fatal("a claimed account's other link still offers the claim form")
	}
	expectPage(t, env.Client().Do(t, "POST", claimPath(t, env, acct.ClaimURL), nil), http.StatusOK, "Account claimed", since)

	expectError(t, acct.Client.Agent(t, "POST", "/account/resend-claim", nil), http.StatusConflict, "conflict")

	// One account.claimed event, carrying the claimed account.
	events, _ := walkList(t, acct.Client, "/events?types=account.claimed", "events")
	if len(events) != 1 {
		t.Fatalf("%d account.claimed events, want 1", len(events))
	}
	data := object(t, events[0], "data")
	ev := object(t, data, "account")
	if ev["id"] != acct.ID || ev["claimed"] != true || ev["claimed_at"] != claimedAt || events[0]["site_id"] != nil || events[0]["account_id"] != acct.ID {
		t.Fatalf("account.claimed event = %v", events[0])
	}

	// The activity log shows the owner's claim and the agent's resends.
	entries, _ := walkList(t, acct.Client, "/activity", "activity")
	var claims, resends int
	for _, e := range entries {
		actor := object(t, e, "actor")
		switch e["action"] {
		case "account.claimed":
			claims++
			if actor["type"] != "owner" || actor["name"] != acct.Email || e["ip"] != "127.0.0.1" {
				t.Fatalf("claim entry = %v", e)
			}
		case "account.claim_resent":
			resends++
			if actor["type"] != "agent" || actor["id"] != acct.KeyID {
				t.Fatalf("resend entry = %v", e)
			}
		}
	}
	if claims != 1 || resends != 3 {
		t.Fatalf("activity has %d claims and %d resends, want 1 and 3", claims, resends)
	}
}

// TestClaimPageUnknownToken answers a friendly 404 page for any bad link.
func TestClaimPageUnknownToken(t *testing.T) {
	env := testenv.Shared(t)
	for _, token := range []string{"nope", strings.Repeat("A", 43), "a.b-c_d"} {
		t.Run(token, func(t *testing.T) {
			expectPage(t, env.Client().Do(t, "GET", "/claim/"+token, nil), http.StatusNotFound, "Link not valid")
			expectPage(t, env.Client().Do(t, "POST", "/claim/"+token, nil), http.StatusNotFound, "Link not valid")
		})
	}
}

// TestClaimLinkExpires stops a claim link after seven days.
func TestClaimLinkExpires(t *testing.T) {
	env := startStack(t, nil)
	acct := env.NewAccount(t, "")
	path := claimPath(t, env, acct.ClaimURL)
	env.Advance(t, 7*24*3600-60)
	expectPage(t, env.Client().Do(t, "GET", path, nil), http.StatusOK, `<form method="post"`)
	env.Advance(t, 120)
	expectPage(t, env.Client().Do(t, "POST", path, nil), http.StatusNotFound, "Link not valid")
	a := object(t, acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t), "account")
	if a["claimed"] != false {
		t.Fatal("an expired link claimed the account")
	}
	// A resend gives a fresh link that works, and the daily quota renews.
	var res struct {
		ClaimURL string `json:"claim_url"`
	}
	acct.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK).Decode(t, &res)
	expectPage(t, env.Client().Do(t, "POST", claimPath(t, env, res.ClaimURL), nil), http.StatusOK, "Account claimed")
}
