// Package e2e holds black-box tests of the agent API: HTTP against a dev
// stack, as any client would see it.
package e2e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

func TestAccountKeyWorks(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	r := acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	if got := r.JSON(t)["account"].(map[string]any)["email"]; got != acct.Email {
		t.Fatalf("email = %v, want %s", got, acct.Email)
	}
	if r.Header.Get("X-Request-Id") == "" {
		t.Fatal("no X-Request-Id")
	}
}
