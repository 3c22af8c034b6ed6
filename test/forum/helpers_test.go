// Package forum_test drives forum presence over HTTP against a dev stack:
// the fixture forum (/_dev/forum), accounts on the paid plan through the
// simulated checkout, the dev clock and /_dev/run-scheduled. The stack's
// background scheduler is off, so scheduled work runs only when a test
// asks; one test seam holds chosen sweep jobs so a concurrent sweep can be
// observed deterministically.
package forum_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/compose/jobsfn"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/jobs"
	"rvcontent/test/testenv"
)

var (
	stackOnce sync.Once
	theStack  *testenv.Env
	// held maps a site id to a channel its sweep jobs wait on.
	held sync.Map
)

// stack returns the package's dev stack (scheduler off), started once.
func stack(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	stackOnce.Do(func() {
		theStack = testenv.Start(&forever{TB: t}, testenv.Options{SchedulerEvery: -1})
		runners := jobsfn.JobWorker(theStack.Stack.Graph).Runners
		sweep := runners[forum.SweepKind]
		runners[forum.SweepKind] = jobs.RunnerFunc(func(ctx context.Context, run *jobs.Run) (any, error) {
			if ch, ok := held.Load(*run.Job.SiteID); ok {
				<-ch.(chan struct{})
			}
			return sweep.Run(ctx, run)
		})
		gateComments(theStack)
	})
	if theStack == nil {
		t.Fatal("the dev stack did not start")
	}
	return theStack
}

// forever is a testing.TB whose cleanups never run: the stack lives as
// long as the test binary.
type forever struct{ testing.TB }

func (f *forever) Helper()        {}
func (f *forever) Cleanup(func()) {}

// hold makes the site's sweep jobs wait until the returned func is called.
func hold(site string) (release func()) {
	ch := make(chan struct{})
	held.Store(site, ch)
	return func() { held.Delete(site); close(ch) }
}

// rig is one account on the package's stack.
type rig struct {
	env   *testenv.Env
	acct  *testenv.Account
	brand string
}

// newRig returns an account without a trial or plan.
func newRig(t *testing.T) *rig {
	t.Helper()
	env := stack(t)
	return &rig{env: env, acct: env.NewAccount(t, "")}
}

// paidRig returns an account on the paid plan whose primary site has a
// brand name, a product description and a website address.
func paidRig(t *testing.T) *rig {
	t.Helper()
	r := newRig(t)
	r.env.Trial(t, r.acct, testenv.TestCardOK)
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+r.acct.ID).Expect(t, http.StatusOK)
	r.brand = "Tally" + testenv.Word("")
	r.api(t, "PATCH", "/sites/"+r.acct.SiteID, map[string]any{
		"brand_name":          r.brand,
		"product_description": "Invoicing software for freelancers. It sends payment reminders on a schedule you choose. It is the best ever, guaranteed.",
	}).Expect(t, http.StatusOK)
	return r
}

// local turns an absolute link of the stack into a path.
func (r *rig) local(t *testing.T, link string) string {
	t.Helper()
	if !strings.HasPrefix(link, r.env.URL+"/") {
		t.Fatalf("link %q is not on the stack %s", link, r.env.URL)
	}
	return strings.TrimPrefix(link, r.env.URL)
}

func (r *rig) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return r.acct.Client.Agent(t, method, path, body, headers...)
}

// forumPath is the forum presence path of the rig's site plus rest.
func (r *rig) forumPath(rest string) string { return "/sites/" + r.acct.SiteID + "/forum" + rest }

// settings returns GET /forum's forum object.
func (r *rig) settings(t *testing.T) map[string]any {
	t.Helper()
	return r.api(t, "GET", r.forumPath(""), nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
}

// enable turns forum presence on with the given extra settings.
func (r *rig) enable(t *testing.T, extra map[string]any) map[string]any {
	t.Helper()
	body := map[string]any{"enabled": true}
	for k, v := range extra {
		body[k] = v
	}
	return r.api(t, "PATCH", r.forumPath(""), body).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
}

// sweep runs a sweep to its end and returns the job.
func (r *rig) sweep(t *testing.T) map[string]any {
	t.Helper()
	job := r.api(t, "POST", r.forumPath("/sweeps"), nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	return r.acct.Client.WaitJob(t, job["id"].(string))
}

// threads returns GET /forum/threads with query.
func (r *rig) threads(t *testing.T, query string) ([]map[string]any, any) {
	t.Helper()
	var out struct {
		Threads    []map[string]any `json:"threads"`
		NextCursor any              `json:"next_cursor"`
	}
	r.api(t, "GET", r.forumPath("/threads?"+query), nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Threads, out.NextCursor
}

// threadOf returns the rig's thread for a fixture forum id.
func (r *rig) threadOf(t *testing.T, forumID string) map[string]any {
	t.Helper()
	list, _ := r.threads(t, "limit=100")
	for _, th := range list {
		if th["thread"].(map[string]any)["forum_id"] == forumID {
			return th
		}
	}
	t.Fatalf("no thread for forum id %s among %d threads", forumID, len(list))
	return nil
}

// draft posts a draft request for thread id.
func (r *rig) draft(t *testing.T, id string, body any) *testenv.Response {
	t.Helper()
	return r.api(t, "POST", r.forumPath("/threads/"+id+"/drafts"), body)
}

// balance returns the site's forum reply credits.
func (r *rig) balance(t *testing.T) int {
	t.Helper()
	return int(r.settings(t)["credits"].(map[string]any)["balance"].(float64))
}

// fixtureThread adds a fixture forum thread and returns its forum id and
// permalink.
func fixtureThread(t *testing.T, env *testenv.Env, body map[string]any) (string, string) {
	t.Helper()
	var out struct {
		ForumID   string `json:"forum_id"`
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/threads", body).Expect(t, http.StatusOK).Decode(t, &out)
	if out.ForumID == "" || !strings.HasPrefix(out.Permalink, "https://forum.example.com/r/") {
		t.Fatalf("fixture thread answer %+v", out)
	}
	return out.ForumID, out.Permalink
}

// comment posts a comment on a fixture thread, as a person replying, and
// returns its permalink.
func comment(t *testing.T, env *testenv.Env, forumID, body string) string {
	t.Helper()
	var out struct {
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": forumID, "body": body}).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Permalink
}

// problemFields returns the fields named by a validation_failed answer.
func problemFields(t *testing.T, resp *testenv.Response) map[string]bool {
	t.Helper()
	body := resp.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	out := map[string]bool{}
	for _, d := range body["details"].([]any) {
		out[d.(map[string]any)["field"].(string)] = true
	}
	return out
}

// ago returns the service clock's now minus d, as RFC 3339.
func ago(t *testing.T, env *testenv.Env, d time.Duration) string {
	t.Helper()
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return now.Add(-d).Format(time.RFC3339)
}
