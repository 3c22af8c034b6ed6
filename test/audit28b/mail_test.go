package audit28b

import (
	"context"
	"net/http"
	"testing"

	"rvcontent/shared/compose"
	"rvcontent/shared/platform/mail"
	"rvcontent/test/testenv"
)

// TestASignInMailLeftInTheOutboxIsDroppedOnceTheAccountIsDeleted: README,
// deleting the account: "every ... owner session stops working, and so do
// the links it handed out (claim and sign-in links ... answer as used or
// expired)", and "Emails": "a claim mail for an account claimed meanwhile
// is dropped". Defect: a sign-in mail whose send right after the commit
// failed (SES down for a moment) stayed in the mail outbox; when the
// account was deleted before the outbox sweep sent it, the sweep issued a
// new sign-in link for the deleted account and mailed "Your sign-in link"
// to its former owner, although every other mail (claim links, notices,
// webhook warnings) is dropped for a deleted account. It is now dropped
// too.
func TestASignInMailLeftInTheOutboxIsDroppedOnceTheAccountIsDeleted(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	signIns := func() int {
		n := 0
		for _, m := range env.Emails(t, o.Email) {
			if m.Subject == "Your sign-in link" {
				n++
			}
		}
		return n
	}
	before := signIns()

	// The owner asks for a sign-in link while the mail service is down:
	// the mail stays in the outbox for the sweep.
	g := env.Stack.Graph
	down := *compose.Sessions(g)
	down.Mail = &mail.Spool{Table: compose.Table(g), Clock: g.Clock, Sender: mail.Deferred{}}
	if err := down.SendLink(context.Background(), o.Email, ""); err != nil {
		t.Fatal(err)
	}
	if n := signIns(); n != before {
		t.Fatalf("%d sign-in mails before the sweep, want %d", n, before)
	}

	// The owner deletes the account in the dashboard, then the sweep runs.
	f := o.Browser.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	f.Set("confirm", o.Email)
	o.Browser.Post(t, "/dashboard/settings/delete", f).Expect(t, http.StatusOK)
	env.Advance(t, 90)
	env.RunScheduled(t)
	env.RunScheduled(t)
	if n := signIns(); n != before {
		t.Errorf("%d sign-in mails after the deletion and the sweep, want %d: a deleted account's owner got a sign-in link", n, before)
	}
}
