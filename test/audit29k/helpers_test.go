package audit29k_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// deleteAccount deletes a from the dashboard's settings page, as its
// signed-in owner does.
func deleteAccount(t *testing.T, env *testenv.Env, a *testenv.Account) {
	t.Helper()
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	form := b.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	form.Set("confirm", a.Email)
	b.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted")
}

// ownerDeletes deletes o's account from the settings page in the browser
// o is signed in in.
func ownerDeletes(t *testing.T, o *testenv.Owner) {
	t.Helper()
	form := o.Browser.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	form.Set("confirm", o.Email)
	o.Browser.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted")
}

// erase runs the erase job's two passes and moves the clock past the
// deletion's data_removed_by (an hour), running the scheduled work on the
// way.
func erase(t *testing.T, env *testenv.Env) {
	t.Helper()
	env.RunScheduled(t)
	env.Advance(t, 16*60)
	env.RunScheduled(t)
	env.Advance(t, 45*60)
	env.RunScheduled(t)
}
