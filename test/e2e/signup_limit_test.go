package e2e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestSignupLimitPerAddress holds one address to SignupsPerAddressPerHour
// creations; refused and failed creations do not count, and a key that met
// the limit works once the window has passed.
func TestSignupLimitPerAddress(t *testing.T) {
	env := startStack(t, func(c *configT) { c.SignupsPerAddressPerHour = 2 })
	first := testenv.UniqueEmail("lim")
	env.Client().Agent(t, "POST", "/accounts", signupBody(first)).Expect(t, http.StatusCreated)
	expectError(t, env.Client().Agent(t, "POST", "/accounts", signupBody(first)), http.StatusConflict, "account_exists")
	expectError(t, env.Client().Agent(t, "POST", "/accounts", map[string]any{}), http.StatusUnprocessableEntity, "validation_failed")
	env.Client().Agent(t, "POST", "/accounts", signupBody(testenv.UniqueEmail("lim"))).Expect(t, http.StatusCreated)

	third := testenv.UniqueEmail("lim")
	r := env.Client().Agent(t, "POST", "/accounts", signupBody(third), "Idempotency-Key: limited-1")
	expectError(t, r, http.StatusTooManyRequests, "rate_limited")
	if ra := headerInt(t, r, "Retry-After"); ra < 1 || ra > 3600 {
		t.Fatalf("Retry-After = %d, want 1 to 3600 seconds", ra)
	}
	if n := len(env.Emails(t, third)); n != 0 {
		t.Fatalf("refused signup sent %d mails", n)
	}
	env.Advance(t, 3600)
	r = env.Client().Agent(t, "POST", "/accounts", signupBody(third), "Idempotency-Key: limited-1").Expect(t, http.StatusCreated)
	if r.Header.Get("Idempotent-Replayed") != "" {
		t.Fatal("a refused (429) request was stored and replayed under its Idempotency-Key")
	}
}
