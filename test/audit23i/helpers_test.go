package audit23i

import (
	"testing"

	"rvcontent/test/testenv"
)

// rig is one paid account whose primary site has forum presence on and
// one swept fixture thread.
type rig struct {
	*testenv.Forum
	thread string
}

// forumRig starts a stack (scheduler off), puts one account on the paid
// plan, turns forum presence on with a fresh keyword and sweeps one
// fixture thread in.
func forumRig(t *testing.T) *rig {
	t.Helper()
	return forumRigOn(t, testenv.StartQuiet(t))
}

// forumRigOn is forumRig on a stack the caller started.
func forumRigOn(t *testing.T, env *testenv.Env) *rig {
	t.Helper()
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	r := &rig{Forum: env.NewForum(t, acct)}
	threads := r.Threads(t, "status=new")
	if len(threads) != 1 {
		t.Fatalf("%d new threads after the sweep, want 1", len(threads))
	}
	r.thread = threads[0]["id"].(string)
	return r
}
