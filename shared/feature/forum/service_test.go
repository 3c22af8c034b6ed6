package forum_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/forumfixture"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/forumapi"
	"rvcontent/shared/platform/model"
	"rvcontent/test/dynamotest"
)

type noQueue struct{}

func (noQueue) Send(context.Context, []byte, time.Duration) error { return nil }

type paid struct{}

func (paid) Get(context.Context, string) (billing.Billing, error) {
	return billing.Billing{Status: billing.StatusActive, Paid: true}, nil
}

type budget struct{}

func (budget) TakeIn(*dynamo.Tx, string) ratelimit.Window  { return ratelimit.Window{} }
func (budget) Spent(error, string, ratelimit.Window) error { return nil }

// rig is a forum service on DynamoDB Local with the fixture forum and one
// paid site holding 5 forum reply credits.
type rig struct {
	clock   *clock.Fixed
	svc     *forum.Service
	fixture *forumfixture.Forum
	worker  *jobs.Worker
	ctx     context.Context
	account string
	site    string
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	r := &rig{clock: clk, account: ids.New(), site: ids.New(), fixture: &forumfixture.Forum{Table: table, Clock: clk}}
	brand, desc := "Ledgerly", "Invoicing software for freelancers."
	if err := table.Put(context.Background(), sites.NewPrimary(r.account, r.site, "https://ledgerly.example.com", &brand, &desc, "", clk.T)); err != nil {
		t.Fatal(err)
	}
	events := &eventlog.Writer{Clock: clk}
	cr := &credits.Service{Table: table, Events: events}
	tx := &dynamo.Tx{}
	cr.Reset(tx, r.account, r.site, credits.Allowance{ForumReplies: 5}, clk.T, clk.T.AddDate(0, 1, 0))
	if err := table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	enq := &jobs.Enqueuer{Clock: clk, Queue: noQueue{}}
	r.svc = &forum.Service{
		Table: table, Clock: clk, Sites: &sites.Store{Table: table}, Billing: paid{}, Credits: cr, Events: events,
		Jobs: enq, AI: budget{}, Platform: r.fixture, Drafter: model.Offline{},
	}
	r.worker = &jobs.Worker{Table: table, Clock: clk, Enqueuer: enq, Runners: map[string]jobs.Runner{forum.SweepKind: jobs.RunnerFunc(r.svc.RunSweep)}}
	r.ctx = auth.With(context.Background(), auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorAgent, ID: "k", Name: "test"}})
	return r
}

// thread adds a fixture thread through the harness route.
func (r *rig) thread(t *testing.T, title string) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"subforum": "freelance", "title": title, "body": "Clients pay late."})
	w := httptest.NewRecorder()
	r.fixture.Routes()["POST /_dev/forum/threads"](w, httptest.NewRequest("POST", "/_dev/forum/threads", bytes.NewReader(b)))
	if w.Code != http.StatusOK {
		t.Fatalf("fixture thread: %d %s", w.Code, w.Body)
	}
}

func (r *rig) sweep(t *testing.T) {
	t.Helper()
	job, err := r.svc.StartSweep(r.ctx, r.site)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.worker.Process(context.Background(), r.account, job.ID); err != nil {
		t.Fatal(err)
	}
}

// sweptThread returns a rig whose site has forum presence on and the one
// thread its sweep found.
func sweptThread(t *testing.T) (*rig, forum.Thread) {
	t.Helper()
	r := newRig(t)
	r.thread(t, "Which invoice reminders app do you use?")
	enable(t, r, "invoice reminders")
	r.sweep(t)
	list, _, err := r.svc.ListThreads(r.ctx, r.site, nil, 10, "")
	if err != nil || len(list) != 1 {
		t.Fatalf("threads %v %v", list, err)
	}
	return r, list[0]
}

func enable(t *testing.T, r *rig, tags ...string) {
	t.Helper()
	_, err := r.svc.UpdateSettings(r.ctx, r.site, forum.Patch{
		Enabled: fieldOf(true), TopicTags: fieldOf(tags),
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Concurrent sweep starts: exactly one takes the site's lock.
func TestConcurrentSweepStartsTakeOneLock(t *testing.T) {
	r := newRig(t)
	enable(t, r, "invoice reminders")
	var wg sync.WaitGroup
	results := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); _, err := r.svc.StartSweep(r.ctx, r.site); results <- err }()
	}
	wg.Wait()
	close(results)
	var ok, conflict int
	for err := range results {
		switch {
		case err == nil:
			ok++
		case apperr.Is(err, apperr.Conflict):
			conflict++
		default:
			t.Errorf("unexpected error %v", err)
		}
	}
	if ok != 1 || conflict != 7 {
		t.Fatalf("%d sweeps started and %d refused, want 1 and 7", ok, conflict)
	}
}

// Concurrent drafts of one thread never spend more than the draft records
// and never pass the rewrite limit.
func TestConcurrentDraftsSpendWhatTheDraftRecords(t *testing.T) {
	r, th := sweptThread(t)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := r.svc.WriteDraft(r.ctx, r.site, th.ID, "")
			if err != nil && !apperr.Is(err, apperr.Conflict) && !apperr.Is(err, apperr.InsufficientCredits) {
				t.Errorf("unexpected error %v", err)
			}
		}()
	}
	wg.Wait()
	d, err := r.svc.GetThread(r.ctx, r.site, th.ID)
	if err != nil || d.Draft == nil {
		t.Fatalf("thread after drafting: %+v %v", d, err)
	}
	s, err := r.svc.Settings(r.ctx, r.site)
	if err != nil {
		t.Fatal(err)
	}
	if spent := 5 - s.Credits.Balance; spent != d.Draft.CreditsSpent || d.Draft.RegenCount > forum.MaxRewrites || spent != d.Draft.RegenCount+1 {
		t.Fatalf("balance fell by %d; draft records %d credits and %d rewrites", spent, d.Draft.CreditsSpent, d.Draft.RegenCount)
	}
}

func fieldOf[T any](v T) input.Field[T] { return input.Field[T]{Sent: true, Value: v} }

// Overlapping scheduled runs check a due reply once between them: the
// runs that lose the race to it report no error (a scheduled task that
// fails counts toward the scheduler's alarm), and the reply is verified
// once.
func TestOverlappingReplyChecksDoNotFail(t *testing.T) {
	r, th := sweptThread(t)
	d, err := r.svc.WriteDraft(r.ctx, r.site, th.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"forum_id": th.Thread.ForumID, "body": d.Text()})
	w := httptest.NewRecorder()
	r.fixture.Routes()["POST /_dev/forum/comments"](w, httptest.NewRequest("POST", "/_dev/forum/comments", bytes.NewReader(b)))
	var posted struct{ Permalink string }
	if err := json.Unmarshal(w.Body.Bytes(), &posted); err != nil || w.Code != http.StatusOK {
		t.Fatalf("fixture comment: %d %s", w.Code, w.Body)
	}
	if _, err := r.svc.RecordReply(r.ctx, r.site, forum.ReplyRecord{ThreadID: th.ID, DraftID: d.ID, Permalink: posted.Permalink}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := r.svc.CheckReplies(context.Background()); err != nil {
				t.Errorf("an overlapping run failed: %v", err)
			}
		}()
	}
	wg.Wait()
	replies, _, err := r.svc.ListReplies(r.ctx, r.site, nil, 10, "")
	if err != nil || len(replies) != 1 || replies[0].Status != forum.ReplyConfirmed {
		t.Fatalf("replies %+v %v", replies, err)
	}
}

// A thread nobody acted on is forgotten 90 days after a sweep last saw
// it, on the service clock, whatever the table's TTL has removed: it
// leaves the list and its page, and a later sweep that finds it again
// starts it afresh.
func TestThreadsNobodyActedOnAreForgotten(t *testing.T) {
	r, th := sweptThread(t)
	id := th.ID
	r.clock.Add(forum.ForgetAfter - time.Minute)
	if list, _, _ := r.svc.ListThreads(r.ctx, r.site, nil, 10, ""); len(list) != 1 {
		t.Fatalf("%d threads just before 90 days, want 1", len(list))
	}
	r.clock.Add(2 * time.Minute)
	if list, _, err := r.svc.ListThreads(r.ctx, r.site, nil, 10, ""); err != nil || len(list) != 0 {
		t.Fatalf("threads after 90 days: %v %v", list, err)
	}
	if _, err := r.svc.GetThread(r.ctx, r.site, id); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("a forgotten thread: %v, want not_found", err)
	}
	r.sweep(t)
	list, _, err := r.svc.ListThreads(r.ctx, r.site, nil, 10, "")
	if err != nil || len(list) != 1 || list[0].ID != id || list[0].Status == "" {
		t.Fatalf("threads after a new sweep: %+v %v", list, err)
	}
}

// searchOnly is the forum as the public API's search shows it: results
// carry the body but neither the top comments nor Detailed, which only
// reading the thread gives.
type searchOnly struct{ *forumfixture.Forum }

func (s searchOnly) Search(ctx context.Context, query string, limit int) ([]forumapi.Post, error) {
	posts, err := s.Forum.Search(ctx, query, limit)
	for i := range posts {
		posts[i].Comments, posts[i].Detailed = nil, false
	}
	return posts, err
}

// A later sweep refreshes a known thread from its search result: the top
// comments read when the thread was found stay (the search gives none),
// and the thread's text expires with the thread.
func TestResweepKeepsTopCommentsAndTextExpiry(t *testing.T) {
	r := newRig(t)
	r.svc.Platform = searchOnly{r.fixture}
	b, _ := json.Marshal(map[string]any{"subforum": "freelance", "title": "Which invoice reminders app do you use?", "body": "Clients pay late.",
		"comments": []map[string]any{{"body": "A spreadsheet.", "score": 3}, {"body": "Reminders saved me.", "score": 9}}})
	w := httptest.NewRecorder()
	r.fixture.Routes()["POST /_dev/forum/threads"](w, httptest.NewRequest("POST", "/_dev/forum/threads", bytes.NewReader(b)))
	if w.Code != http.StatusOK {
		t.Fatalf("fixture thread: %d %s", w.Code, w.Body)
	}
	enable(t, r, "invoice reminders")
	r.sweep(t)
	list, _, err := r.svc.ListThreads(r.ctx, r.site, nil, 10, "")
	if err != nil || len(list) != 1 {
		t.Fatalf("threads %v %v", list, err)
	}
	id := list[0].ID
	if d, err := r.svc.GetThread(r.ctx, r.site, id); err != nil || len(d.TopComments) != 2 || d.Body != "Clients pay late." {
		t.Fatalf("thread found by the first sweep: %+v %v", d, err)
	}
	r.clock.Add(30 * 24 * time.Hour)
	r.sweep(t)
	d, err := r.svc.GetThread(r.ctx, r.site, id)
	if err != nil || len(d.TopComments) != 2 || d.TopComments[0].Score != 9 || d.Body != "Clients pay late." {
		t.Fatalf("thread after a second sweep: body %q, top comments %+v (%v); want the body and both comments kept", d.Body, d.TopComments, err)
	}
	var th, text struct {
		TTL int64 `dynamodbav:"ttl"`
	}
	if err := r.svc.Table.Get(r.ctx, dynamo.SitePK(r.site), dynamo.ForumThreadSK(id), &th); err != nil {
		t.Fatal(err)
	}
	if err := r.svc.Table.Get(r.ctx, dynamo.SitePK(r.site), dynamo.ForumThreadTextSK(id), &text); err != nil {
		t.Fatal(err)
	}
	if want := r.clock.Now().Add(forum.ForgetAfter).Unix(); th.TTL != want || text.TTL != th.TTL {
		t.Errorf("expiry after the second sweep: thread %d, text %d; want both %d", th.TTL, text.TTL, want)
	}
}

// A thread a person dismissed was acted on: it is not forgotten 90 days
// after a sweep last saw it, and a later sweep that finds it again does not
// bring it back as new.
func TestDismissedThreadsAreKept(t *testing.T) {
	r, th := sweptThread(t)
	if _, err := r.svc.UpdateThread(r.ctx, r.site, th.ID, forum.ThreadPatch{Status: forum.StatusDismissed}); err != nil {
		t.Fatal(err)
	}
	r.clock.Add(forum.ForgetAfter + time.Hour)
	d, err := r.svc.GetThread(r.ctx, r.site, th.ID)
	if err != nil || d.Status != forum.StatusDismissed {
		t.Fatalf("dismissed thread 90 days after the last sweep saw it: %+v %v", d.Thread, err)
	}
	r.sweep(t)
	list, _, err := r.svc.ListThreads(r.ctx, r.site, nil, 10, "")
	if err != nil || len(list) != 1 || list[0].Status != forum.StatusDismissed {
		t.Fatalf("threads after a later sweep: %+v %v; want the thread still dismissed", list, err)
	}
}
