package audit27k

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// deleteAccount deletes o's account on the dashboard's settings page, as
// the owner does, and returns the last mail it sent.
func deleteAccount(t *testing.T, env *testenv.Env, o *testenv.Owner) testenv.Email {
	t.Helper()
	f := o.Browser.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	f.Set("confirm", o.Email)
	o.Browser.Post(t, "/dashboard/settings/delete", f).Expect(t, http.StatusOK)
	for _, m := range env.Emails(t, o.Email) {
		if m.Subject == "Your account was deleted" {
			return m
		}
	}
	t.Fatalf("no deletion mail was sent to %s", o.Email)
	return testenv.Email{}
}

// TestDeletionMailOfAnAccountThatNeverSubscribed: README, deleting the
// account: "one last email tells the owner what happened", and "the erase
// job (account.erase) cancels the subscription at the processor". Defect:
// the last mail said "The subscription is cancelled: nothing more is
// charged." to every owner, also to one whose account never had a
// subscription (billing_status none: no trial was ever started), which
// tells them something was running that they never started. It now says
// there was no subscription and nothing is charged; an account with a
// subscription still reads that it is cancelled.
func TestDeletionMailOfAnAccountThatNeverSubscribed(t *testing.T) {
	env := testenv.Shared(t)
	never := env.NewOwner(t)
	m := deleteAccount(t, env, never)
	if strings.Contains(m.Text, "subscription is cancelled") || !strings.Contains(m.Text, "nothing is charged") {
		t.Errorf("the deletion mail of an account that never subscribed:\n%s", m.Text)
	}

	trial := env.NewOwner(t)
	env.Trial(t, trial.Account, testenv.TestCardOK)
	if m := deleteAccount(t, env, trial); !strings.Contains(m.Text, "The subscription is cancelled: nothing more is charged.") {
		t.Errorf("the deletion mail of a trialing account does not say its subscription is cancelled:\n%s", m.Text)
	}
}
