package audit26b

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/forumapi"
	"rvcontent/test/testenv"
)

var (
	stackOnce sync.Once
	theStack  *testenv.Env
	// gone is the fixture forum's wrapper of the package's stack.
	gone *goneComments
)

// stack returns the package's dev stack (scheduler off, a generous request
// budget), started once, with the fixture forum behind goneComments.
func stack(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	stackOnce.Do(func() {
		theStack = testenv.Start(&forever{TB: t}, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
			c.AccountRequestsPerMinute = 100000
		}})
		svc := contentbase.Forum(theStack.Stack.Graph)
		gone = &goneComments{Platform: svc.Platform}
		svc.Platform = gone
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

// goneComments is the fixture forum, except that the comments at the
// permalinks in links are missing (deleted by their author) and the forum
// cannot be read for those in failing, which the fixture's PATCH
// /_dev/forum/comments cannot say. It counts the checks of each
// permalink.
type goneComments struct {
	forum.Platform
	links, failing, checks sync.Map
}

// Comment reads the comment at permalink, missing when it was made gone
// and an error when it was made failing.
func (g *goneComments) Comment(ctx context.Context, permalink string) (forumapi.CommentCheck, error) {
	n, _ := g.checks.LoadOrStore(permalink, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	if _, ok := g.failing.Load(permalink); ok {
		return forumapi.CommentCheck{}, errors.New("the forum answered 503")
	}
	if _, ok := g.links.Load(permalink); ok {
		return forumapi.CommentCheck{State: forumapi.CommentMissing}, nil
	}
	return g.Platform.Comment(ctx, permalink)
}

// checked returns how many times the comment at permalink was read.
func (g *goneComments) checked(permalink string) int64 {
	if n, ok := g.checks.Load(permalink); ok {
		return n.(*atomic.Int64).Load()
	}
	return 0
}

// site is one site of an account on the paid plan, with forum presence
// on and a brand name.
type site struct {
	env  *testenv.Env
	acct *testenv.Account
	id   string
}

// paidSite returns the primary site of a new account on the paid plan,
// with a brand name and forum presence enabled.
func paidSite(t *testing.T) *site {
	t.Helper()
	env := stack(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	s := &site{env: env, acct: a, id: a.SiteID}
	s.brand(t)
	return s
}

// studioSite adds a Studio site to s's account, with a brand name and
// forum presence enabled.
func (s *site) studioSite(t *testing.T) *site {
	t.Helper()
	host := testenv.Word("studio") + ".example.com"
	id := s.api(t, "POST", "/sites", map[string]any{"site_url": "https://" + host, "site_name": "Studio"}, "Idempotency-Key: "+host).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	other := &site{env: s.env, acct: s.acct, id: id}
	other.brand(t)
	return other
}

// brand gives the site a brand name and turns forum presence on.
func (s *site) brand(t *testing.T) {
	t.Helper()
	s.api(t, "PATCH", "/sites/"+s.id, map[string]any{
		"brand_name": "Tally" + testenv.Word(""), "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	s.api(t, "PATCH", s.path(""), map[string]any{"enabled": true}).Expect(t, http.StatusOK)
}

func (s *site) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return s.acct.Client.Agent(t, method, path, body, headers...)
}

// path is the site's forum presence path plus rest.
func (s *site) path(rest string) string { return "/sites/" + s.id + "/forum" + rest }

// sweep sets the site's topic tags to tags and runs a sweep to its end.
func (s *site) sweep(t *testing.T, tags ...string) {
	t.Helper()
	s.api(t, "PATCH", s.path(""), map[string]any{"topic_tags": tags}).Expect(t, http.StatusOK)
	job := s.api(t, "POST", s.path("/sweeps"), nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := s.acct.Client.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("sweep %v", j)
	}
}

// threads returns GET /forum/threads?query's threads and next_cursor.
func (s *site) threads(t *testing.T, query string) ([]map[string]any, any) {
	t.Helper()
	var out struct {
		Threads    []map[string]any `json:"threads"`
		NextCursor any              `json:"next_cursor"`
	}
	s.api(t, "GET", s.path("/threads?"+query), nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Threads, out.NextCursor
}

// threadOf returns the id of the site's thread of fixture thread forumID.
func (s *site) threadOf(t *testing.T, forumID string) string {
	t.Helper()
	list, _ := s.threads(t, "limit=100")
	for _, th := range list {
		if th["thread"].(map[string]any)["forum_id"] == forumID {
			return th["id"].(string)
		}
	}
	t.Fatalf("no thread for forum id %s among %d threads", forumID, len(list))
	return ""
}

// draft drafts a reply to thread id and returns the draft.
func (s *site) draft(t *testing.T, id string) map[string]any {
	t.Helper()
	return s.api(t, "POST", s.path("/threads/"+id+"/drafts"), nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
}

// thread returns GET .../threads/{id}'s thread.
func (s *site) thread(t *testing.T, id string) map[string]any {
	t.Helper()
	return s.api(t, "GET", s.path("/threads/"+id), nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
}

// credits returns the site's forum reply credits.
func (s *site) credits(t *testing.T) int {
	t.Helper()
	f := s.api(t, "GET", s.path(""), nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
	return int(f["credits"].(map[string]any)["balance"].(float64))
}

// openThread adds a fixture thread about kw (a unique word), sweeps the
// site for kw and returns the site's thread id and the forum id.
func (s *site) openThread(t *testing.T, kw string) (id, forumID string) {
	t.Helper()
	forumID = fixtureThread(t, s.env, kw, 5)
	s.sweep(t, kw)
	return s.threadOf(t, forumID), forumID
}

// fixtureThread adds a fixture forum thread asking about kw and returns
// its forum id.
func fixtureThread(t *testing.T, env *testenv.Env, kw string, votes int) string {
	t.Helper()
	var out struct {
		ForumID string `json:"forum_id"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do you handle " + kw + " for late clients?", "up_votes": votes, "num_comments": 2,
		"body": "Clients pay late and I hate chasing them. Looking for " + kw + " that work, any advice?",
	}).Expect(t, http.StatusOK).Decode(t, &out)
	if out.ForumID == "" {
		t.Fatal("the fixture forum gave no forum id")
	}
	return out.ForumID
}

// comment posts a comment in fixture thread forumID, as the person
// replying, and returns its permalink.
func comment(t *testing.T, env *testenv.Env, forumID string) string {
	t.Helper()
	var out struct {
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": forumID, "body": "My reply, disclosure included."}).
		Expect(t, http.StatusOK).Decode(t, &out)
	if !strings.HasPrefix(out.Permalink, "https://forum.example.com/") {
		t.Fatalf("comment permalink %q", out.Permalink)
	}
	return out.Permalink
}

// ownedSite is paidSite with the account claimed and its owner signed in
// to the dashboard in a browser.
func ownedSite(t *testing.T) (*site, *testenv.Browser) {
	t.Helper()
	env := stack(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	env.PaidPlan(t, a)
	s := &site{env: env, acct: a, id: a.SiteID}
	s.brand(t)
	return s, b
}
