// Package concurrency fires many requests at once at a dev stack, each with
// its own Idempotency-Key (or none), at every limit and once-only effect of
// the agent API, the payment pages and OAuth, and checks that the limits
// hold, balances stay whole, each transition emits one event and nothing
// answers 5xx.
package concurrency

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

const cardOK = "4242424242424242"

// stack starts a dev stack of its own for t, with the background
// scheduler off.
func stack(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	return testenv.Start(t, testenv.Options{SchedulerEvery: -1})
}

// tally counts the answers by status and fails t on a missing answer or a
// 5xx.
func tally(t *testing.T, what string, rs []*testenv.Response) map[int]int {
	t.Helper()
	got := map[int]int{}
	for i, r := range rs {
		if r == nil {
			t.Fatalf("%s: request %d got no answer", what, i)
		}
		if r.Status >= 500 {
			t.Errorf("%s: request %d answered %d: %s", what, i, r.Status, r.Body)
		}
		got[r.Status]++
	}
	return got
}

// only fails t unless every status in got is one of allowed.
func only(t *testing.T, what string, got map[int]int, allowed ...int) {
	t.Helper()
	for s, n := range got {
		ok := false
		for _, a := range allowed {
			ok = ok || s == a
		}
		if !ok {
			t.Errorf("%s: %d answers with status %d (all: %v)", what, n, s, got)
		}
	}
}

// key returns a fresh Idempotency-Key header for request i of what.
func key(what string, i int) string { return fmt.Sprintf("Idempotency-Key: %s-%d", what, i) }

// local turns a link of the stack into a path.
func local(t *testing.T, env *testenv.Env, link string) string {
	t.Helper()
	if !strings.HasPrefix(link, env.URL+"/") {
		t.Fatalf("link %q is not on the stack %s", link, env.URL)
	}
	return strings.TrimPrefix(link, env.URL)
}

// count returns how many events of typ a's account has.
func count(t *testing.T, a *testenv.Account, typ string) int {
	t.Helper()
	return len(a.Client.Events(t, typ))
}

// listLen returns how many items GET path lists under name (one page of 100).
func listLen(t *testing.T, a *testenv.Account, path, name string) int {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	l, _ := a.Client.Agent(t, "GET", path+sep+"limit=100", nil).Expect(t, http.StatusOK).JSON(t)[name].([]any)
	return len(l)
}
