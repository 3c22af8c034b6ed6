package billing_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// The billing POSTs take no fields, but a body that is sent must still be
// JSON (spec 7: 400 bad_request "body not valid JSON"); an empty body is
// fine. A trialing account passes the plan checks of all three.
func TestBillingPostsRefuseABodyThatIsNotJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	env.Trial(t, acct, cardOK)
	for _, path := range []string{"/billing/checkout", "/billing/portal", "/billing/activate"} {
		if code := acct.Client.Agent(t, "POST", path, "not json").Expect(t, http.StatusBadRequest).ErrorCode(t); code != "bad_request" {
			t.Errorf("POST %s with a body that is not JSON: code %q, want bad_request", path, code)
		}
	}
	acct.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK)
}
