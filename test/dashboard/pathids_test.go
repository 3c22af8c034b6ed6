package dashboard_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestImpossibleIDsAnswerTheNotFoundPage: for the signed-in owner, a site
// or agent key id that cannot exist (1,100 characters, which DynamoDB
// refuses as a key) answers the same 404 page as an unknown id, and the id
// is never looked up: the agent API refuses it before any read, so the
// page makes fewer reads than for an unknown id.
func TestImpossibleIDsAnswerTheNotFoundPage(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: time.Hour})
	o := newOwner(t, env, "")
	for !(env.Stack.Jobs.Idle() && env.Stack.Deliveries.Idle()) {
		env.Stack.Drain(context.Background(), 10*time.Second)
	}
	long := strings.Repeat("x", 1100)
	const unknown = "00000000-0000-4000-8000-000000000000"

	env.Calls.Snapshot()
	want := o.Browser.Get(t, "/dashboard/sites/"+unknown).Expect(t, http.StatusNotFound)
	lookup := env.Calls.Snapshot()
	got := o.Browser.Get(t, "/dashboard/sites/"+long).Expect(t, http.StatusNotFound)
	calls := env.Calls.Snapshot()
	if got.Body != want.Body {
		t.Fatalf("an impossible site id answers\n%s\nan unknown one\n%s", got.Body, want.Body)
	}
	if calls["GetItem"] >= lookup["GetItem"] || calls["Query"] > lookup["Query"] {
		t.Fatalf("an impossible site id made DynamoDB calls %v, an unknown one %v: the id was looked up", calls, lookup)
	}

	csrf := o.open(t, "/dashboard/settings/agents").Field(t, "csrf")
	want = o.Browser.Post(t, "/dashboard/settings/agents/"+unknown+"/revoke", url.Values{"csrf": {csrf}}).Expect(t, http.StatusNotFound)
	got = o.Browser.Post(t, "/dashboard/settings/agents/"+long+"/revoke", url.Values{"csrf": {csrf}}).Expect(t, http.StatusNotFound)
	if got.Body != want.Body {
		t.Fatalf("an impossible key id answers\n%s\nan unknown one\n%s", got.Body, want.Body)
	}
	o.Browser.Post(t, "/dashboard/settings/agents/"+long+"/revoke", url.Values{"csrf": {"forged"}}).Expect(t, http.StatusForbidden)
}
