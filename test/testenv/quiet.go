package testenv

import "testing"

// StartQuietAccount starts a dev stack of t's own without the background
// scheduler (StartQuiet) and creates one account on it (NewAccount for
// https://acme.com).
func StartQuietAccount(t testing.TB) (*Env, *Account) {
	t.Helper()
	env := StartQuiet(t)
	return env, env.NewAccount(t, "")
}
