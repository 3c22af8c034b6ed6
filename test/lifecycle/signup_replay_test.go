package lifecycle_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestSignupRetryAfterDeletionCreatesAnAccount: spec 4.1 replays a POST's
// answer to the same Idempotency-Key for 24 hours, and README "Owner
// dashboard" erases everything of a deleted account. A POST /accounts
// answer held the deleted account's agent key and claim link: once the
// erase job has run, a retry with the same key and body runs again and
// creates a new account whose key works, instead of replaying a 201 whose
// key answers 401.
func TestSignupRetryAfterDeletionCreatesAnAccount(t *testing.T) {
	env := testenv.Shared(t)
	body := map[string]any{"email": testenv.UniqueEmail("replay"), "site_url": "https://acme.com", "agent": map[string]any{"name": "Agent"}}
	const key = "Idempotency-Key: signup-after-deletion"
	signup := func() *testenv.Response { return env.Client().Agent(t, "POST", "/accounts", body, key) }

	first := signup().Expect(t, http.StatusCreated)
	var out struct {
		Account  struct{ ID string }
		AgentKey struct{ Key string } `json:"agent_key"`
		ClaimURL string               `json:"claim_url"`
	}
	first.Decode(t, &out)
	if again := signup().Expect(t, http.StatusCreated); again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("a retry before the deletion is not a replay: headers %v", again.Header)
	}
	a := &testenv.Account{ID: out.Account.ID, Email: body["email"].(string), Key: out.AgentKey.Key, ClaimURL: out.ClaimURL}
	a.Client = env.Client().As(a.Key)
	env.Claim(t, a)
	deleteAccount(t, env, a)
	env.RunScheduled(t)
	env.Advance(t, 16*60)
	env.RunScheduled(t)

	retry := signup().Expect(t, http.StatusCreated)
	if retry.Header.Get("Idempotent-Replayed") == "true" {
		t.Fatal("the retry after the deletion replayed the deleted account's answer")
	}
	var next struct {
		Account  struct{ ID string }
		AgentKey struct{ Key string } `json:"agent_key"`
	}
	retry.Decode(t, &next)
	if next.Account.ID == "" || next.Account.ID == out.Account.ID {
		t.Fatalf("the retry answered account %q (the deleted one was %q)", next.Account.ID, out.Account.ID)
	}
	env.Client().As(next.AgentKey.Key).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}
