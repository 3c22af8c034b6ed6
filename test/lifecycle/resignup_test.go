package lifecycle_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestAddressFreeAfterDeletion: README "Owner dashboard": once the account
// is deleted its email address is free for a new account, compared as
// every signup compares it (without case, the domain at its ASCII form),
// and the new account holds it in turn (409 account_exists).
func TestAddressFreeAfterDeletion(t *testing.T) {
	env := testenv.Shared(t)
	local := fmt.Sprintf("owner-%d", time.Now().UnixNano())
	signup := func(email string) *testenv.Response {
		return env.Client().Agent(t, "POST", "/accounts", map[string]any{"email": email, "site_url": "https://acme.com", "agent": map[string]any{"name": "Agent"}})
	}
	a := env.SignUp(t, map[string]any{"email": local + "@xn--bcher-kva.de", "site_url": "https://acme.com", "agent": map[string]any{"name": "Agent"}})
	signup(strings.ToUpper(local)+"@BÜCHER.de").ExpectError(t, http.StatusConflict, "account_exists")
	env.Claim(t, a)
	deleteAccount(t, env, a)
	again := signup(strings.ToUpper(local)+"@BÜCHER.de").Expect(t, http.StatusCreated).JSON(t)
	if acct, _ := again["account"].(map[string]any); acct["id"] == a.ID || acct["claimed"] != false {
		t.Fatalf("the new account %v", acct)
	}
	signup(local+"@xn--bcher-kva.de").ExpectError(t, http.StatusConflict, "account_exists")
	// The erase job leaves the new account's address alone.
	env.RunScheduled(t)
	env.Advance(t, 16*60)
	env.RunScheduled(t)
	signup(local+"@bücher.de").ExpectError(t, http.StatusConflict, "account_exists")
}
