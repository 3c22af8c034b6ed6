package audit26d

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// now reads the service clock.
func now(t *testing.T, env *testenv.Env) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// billing returns a's GET /billing.
func billing(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}
