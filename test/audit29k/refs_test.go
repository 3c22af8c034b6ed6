package audit29k_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestNoProcessorReferenceOfAnEarlierSubscriptionStays: README, deleting
// the account: the erase job "deletes every item of the account and its
// sites (... billing and credits ...)": "nothing of the account is left in
// the table within an hour". Defect: the billing record names only the
// account's current processor references, and the erase deleted the
// lookup items (PAYREF#<ref>, which hold the account id) of only those:
// an account whose first subscription ended before it started a second
// one kept the lookup item of the first subscription in the table, with
// its account id, for ever. Now each reference the billing record ever
// named is remembered on it, and the erase deletes every lookup item.
func TestNoProcessorReferenceOfAnEarlierSubscriptionStays(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	env.Trial(t, a, testenv.TestCardOK)
	env.CancelAtPeriodEnd(t, a)
	env.Advance(t, 8*24*3600)
	env.RunScheduled(t)
	if st := billingStatus(t, a); st != "canceled" {
		t.Fatalf("billing status after the first subscription's end: %s", st)
	}
	env.Trial(t, a, testenv.TestCardOK) // the plan, charged today: a second subscription
	if st := billingStatus(t, a); st != "active" {
		t.Fatalf("billing status after the second checkout: %s", st)
	}
	deleteAccount(t, env, a)
	erase(t, env)

	var left []string
	for _, k := range env.Mentions(t, a.ID, a.Email) {
		switch {
		case k == "ACCT#"+a.ID+" | ACCOUNT", // the tombstone
			strings.HasPrefix(k, "ACCT#"+a.ID+" | JOB#"), // the erase job, which leaves with a TTL
			strings.HasPrefix(k, "DEVMAIL#"),             // the dev stack's outbox
			strings.HasPrefix(k, "SIMPAY#"),              // the simulated processor's own records
			strings.HasPrefix(k, "COUNT#"):               // rate-limit windows, which leave by TTL
			continue
		}
		left = append(left, k)
	}
	if len(left) != 0 {
		t.Fatalf("an hour after the deletion the table still holds the account's\n%s", strings.Join(left, "\n"))
	}
}

// billingStatus is a's billing status as GET /billing reads it.
func billingStatus(t *testing.T, a *testenv.Account) string {
	t.Helper()
	st, _ := a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["status"].(string)
	return st
}
