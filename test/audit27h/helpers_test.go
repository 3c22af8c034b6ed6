package audit27h

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// billing returns a's billing as GET /billing shows it.
func billing(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}
