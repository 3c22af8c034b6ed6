package audit29k_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"rvcontent/test/testenv"
)

// TestEraseGivenUpWhileTheProcessorIsDownStartsAgain: README, "Deleting
// the account": "Within seconds, the erase job (account.erase) cancels the
// subscription at the processor at once ... and deletes every item of the
// account ... nothing of the account is left in the table within an hour".
// Before, the erase job's first pass failed when the processor did not
// answer the cancellation, was retried twice within about a minute, and
// was then given up for good: a processor outage of a minute left the
// subscription charging and every item of the account in the table. A
// pass given up now starts again 15 minutes later (erasure.RetryGivenUp),
// so the erase ends once the processor answers.
func TestEraseGivenUpWhileTheProcessorIsDownStartsAgain(t *testing.T) {
	var down atomic.Bool
	var cancels atomic.Int32
	env, _ := testenv.StartStripeVia(t, func(mockURL string) string {
		u, err := url.Parse(mockURL)
		if err != nil {
			t.Fatal(err)
		}
		proxy := httputil.NewSingleHostReverseProxy(u)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodDelete && strings.HasPrefix(r.URL.Path, "/v1/subscriptions/") {
				cancels.Add(1)
				if down.Load() {
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusServiceUnavailable)
					_, _ = io.WriteString(w, `{"error":{"type":"api_error","message":"The processor is down."}}`)
					return
				}
			}
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	})
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, "cus_Audit29kDown", "trial", "sub_Audit29kDown"), nil).Expect(t, http.StatusOK)
	down.Store(true)
	deleteAccount(t, env, a)
	for range 4 { // the job's attempts and their retries, 10 and 40 seconds apart
		env.RunScheduled(t)
		env.Advance(t, 90)
	}
	env.RunScheduled(t)
	if n := cancels.Load(); n < 3 {
		t.Fatalf("the processor was asked to cancel %d times while down, want the job's 3 attempts at least", n)
	}
	if len(leftOf(t, env, a)) == 0 {
		t.Fatal("the account was erased although the processor never answered: nothing to show")
	}
	down.Store(false)
	asked := cancels.Load()
	erase(t, env)
	if cancels.Load() == asked {
		t.Error("the subscription was never cancelled once the processor answered again")
	}
	if left := leftOf(t, env, a); len(left) > 0 {
		t.Errorf("an hour after the processor answered again, the account still has %d items:\n%s", len(left), strings.Join(left, "\n"))
	}
}

// leftOf lists the items of account a beyond what its erase keeps (the
// tombstone, the erase jobs, which leave by TTL, and the dev stack's own
// records).
func leftOf(t *testing.T, env *testenv.Env, a *testenv.Account) []string {
	t.Helper()
	var left []string
	for _, k := range env.Mentions(t, a.ID, a.Email) {
		switch {
		case k == "ACCT#"+a.ID+" | ACCOUNT",
			strings.HasPrefix(k, "ACCT#"+a.ID+" | JOB#"),
			strings.HasPrefix(k, "DEVMAIL#"),
			strings.HasPrefix(k, "COUNT#"):
			continue
		}
		left = append(left, k)
	}
	return left
}
