package audit29k_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestDeletionPagesOfAnAccountThatNeverSubscribed: README, deleting the
// account: "one last email tells the owner what happened (whether a
// subscription was cancelled, or that the account had none)", and the
// erase job "cancels the subscription at the processor". Defect: the mail
// told the two apart, but the dashboard did not: the settings page
// promised every owner "The subscription is cancelled now. Nothing more is
// charged, and the current period is not refunded." and the page after the
// deletion said "The subscription is cancelled", also to an owner whose
// account never had a subscription (billing_status none), so the page
// and the mail the owner reads a minute later disagreed. Both pages now
// say the account has no subscription and nothing is charged; an account
// with one still reads that it is cancelled.
func TestDeletionPagesOfAnAccountThatNeverSubscribed(t *testing.T) {
	env := testenv.Shared(t)
	for _, c := range []struct {
		name       string
		subscribed bool
	}{{"never subscribed", false}, {"trialing", true}} {
		o := env.NewOwner(t)
		if c.subscribed {
			env.Trial(t, o.Account, testenv.TestCardOK)
		}
		settings := o.Browser.Get(t, "/dashboard/settings").Expect(t, http.StatusOK)
		f := settings.Form(t, "/dashboard/settings/delete")
		f.Set("confirm", o.Email)
		done := o.Browser.Post(t, "/dashboard/settings/delete", f).Expect(t, http.StatusOK, "Account deleted")
		for page, body := range map[string]string{"settings": settings.Body, "deleted": done.Body} {
			cancelled := strings.Contains(body, "subscription is cancelled")
			none := strings.Contains(body, "no subscription")
			if cancelled != c.subscribed || none == c.subscribed {
				t.Errorf("%s account, %s page: says the subscription is cancelled: %v, says there is none: %v", c.name, page, cancelled, none)
			}
		}
	}
}
