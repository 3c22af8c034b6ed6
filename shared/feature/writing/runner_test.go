package writing_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/writing"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
	"rvcontent/test/dynamotest"
)

// failingWriter is a model that never answers.
type failingWriter struct{ calls int }

func (f *failingWriter) WriteArticle(context.Context, model.ArticleBrief) (model.ArticleDraft, error) {
	f.calls++
	return model.ArticleDraft{}, errors.New("model unreachable")
}

func (f *failingWriter) RewritePassage(context.Context, model.PassageBrief) (string, error) {
	return "", errors.New("model unreachable")
}

// nullQueue drops job messages: tests call the worker themselves.
type nullQueue struct{}

func (nullQueue) Send(context.Context, []byte, time.Duration) error { return nil }

// rig is a writing service on a fresh table with one site that has five
// article credits, and a worker that runs its jobs on demand.
type rig struct {
	svc     *writing.Service
	worker  *jobs.Worker
	clock   *clock.Fixed
	account string
	site    string
}

func newRig(t *testing.T, w writing.Writer, runners bool) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	ctx := context.Background()
	table := dynamotest.Table(t)
	c := &clock.Fixed{T: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
	r := &rig{clock: c, account: ids.New(), site: ids.New()}
	brand := "Brewly"
	if err := table.Put(ctx, sites.NewPrimary(r.account, r.site, "https://brewly.example.com/", &brand, nil, "https://dash", c.Now())); err != nil {
		t.Fatal(err)
	}
	events := &eventlog.Writer{Clock: c}
	cr := &credits.Service{Table: table, Events: events}
	tx := &dynamo.Tx{}
	cr.Reset(tx, r.account, r.site, credits.Allowance{Articles: 5}, c.Now(), c.Now().AddDate(0, 0, 7))
	if err := table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	enq := &jobs.Enqueuer{Clock: c, Queue: nullQueue{}}
	siteStore := &sites.Store{Table: table}
	r.svc = &writing.Service{
		Table: table, Clock: c, Articles: &articles.Store{Table: table, Clock: c}, Sites: siteStore,
		Scans: &scans.Store{Table: table, Sites: siteStore}, Credits: cr, Jobs: enq, JobStore: &jobs.Store{Table: table},
		Events: events, Writer: w,
	}
	r.worker = &jobs.Worker{Table: table, Clock: c, Enqueuer: enq, Runners: map[string]jobs.Runner{}}
	if runners {
		r.worker.Runners[writing.Kind] = r.svc
	}
	return r
}

// scheduled adds a scheduled article and returns its id.
func (r *rig) scheduled(t *testing.T) string {
	t.Helper()
	kw := "coffee subscription"
	a := articles.New(r.site, articles.Draft{Title: "Coffee subscriptions", Keyword: &kw, Status: articles.StatusScheduled}, articles.SourceAPI, r.clock.Now())
	tx := &dynamo.Tx{}
	articles.PutNew(tx, r.account, a)
	if err := r.svc.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	return a.ID
}

func (r *rig) generate(t *testing.T, id string) jobs.Job {
	t.Helper()
	p := auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorAgent, ID: "key-1", Name: "Test agent"}}
	j, err := r.svc.Generate(context.Background(), p, r.site, id)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return j
}

// process runs one attempt of the job, the clock moved past any retry
// delay first.
func (r *rig) process(t *testing.T, jobID string) jobs.Job {
	t.Helper()
	r.clock.Add(10 * time.Minute)
	if err := r.worker.Process(context.Background(), r.account, jobID); err != nil {
		t.Fatalf("process: %v", err)
	}
	j, err := r.svc.JobStore.Get(context.Background(), r.account, jobID)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func (r *rig) balance(t *testing.T) int {
	t.Helper()
	c, err := r.svc.Credits.Get(context.Background(), r.account, r.site)
	if err != nil {
		t.Fatal(err)
	}
	return c.Articles.Balance
}

// failedEvents returns the data of the account's article.generation_failed
// events.
func (r *rig) failedEvents(t *testing.T) []map[string]any {
	t.Helper()
	store := &eventlog.Store{Table: r.svc.Table, Clock: r.clock}
	page, err := store.List(context.Background(), r.account, eventlog.Query{Types: []string{"article.generation_failed"}, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, e := range page.Events {
		var d map[string]any
		if err := json.Unmarshal(e.Data, &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// wantGivenUp checks that the generation ended with the article scheduled,
// the credit back and one article.generation_failed with code.
func (r *rig) wantGivenUp(t *testing.T, articleID, jobID, code string) {
	t.Helper()
	a, err := r.svc.Articles.Get(context.Background(), r.site, articleID)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != articles.StatusScheduled || a.GenerationJobID != "" {
		t.Fatalf("article after giving up = %+v", a)
	}
	if b := r.balance(t); b != 5 {
		t.Fatalf("balance after giving up = %d, want 5", b)
	}
	evs := r.failedEvents(t)
	if len(evs) != 1 || evs[0]["article_id"] != articleID || evs[0]["job_id"] != jobID || evs[0]["trigger"] != "api" ||
		evs[0]["credits_refunded"] != 1.0 || evs[0]["error"].(map[string]any)["code"] != code {
		t.Fatalf("article.generation_failed events = %v", evs)
	}
	var w map[string]any
	if err := r.svc.Table.Get(context.Background(), dynamo.AccountPK(r.account), dynamo.GenerationSK(articleID), &w); !errors.Is(err, dynamo.ErrNotFound) {
		t.Fatalf("the watch outlived its generation: %+v (%v)", w, err)
	}
}

func TestModelFailureAfterRetries(t *testing.T) {
	w := &failingWriter{}
	r := newRig(t, w, true)
	id := r.scheduled(t)
	j := r.generate(t, id)
	if b := r.balance(t); b != 4 {
		t.Fatalf("balance after generate = %d, want 4", b)
	}
	for attempt := 1; attempt < jobs.MaxAttempts; attempt++ {
		if got := r.process(t, j.ID); got.Status != jobs.Queued || got.Attempts != attempt {
			t.Fatalf("job after attempt %d = %+v", attempt, got)
		}
		if a, _ := r.svc.Articles.Get(context.Background(), r.site, id); a.Status != articles.StatusGenerating {
			t.Fatalf("article between attempts is %s", a.Status)
		}
	}
	got := r.process(t, j.ID)
	if got.Status != jobs.Failed || got.Error == nil || got.Error.Code != "generation_failed" || w.calls != jobs.MaxAttempts {
		t.Fatalf("job after the last attempt = %+v (%d model calls)", got, w.calls)
	}
	r.wantGivenUp(t, id, j.ID, "generation_failed")
	// The watch is gone, so a later clean-up finds nothing to do.
	r.clock.Add(time.Hour)
	if err := r.svc.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	if b := r.balance(t); b != 5 {
		t.Fatalf("balance after a second clean-up = %d, want 5 (refunded once)", b)
	}
}

// A generation that fails after its credit's period ended refunds
// nothing, and its failure says so rather than promising a refund.
func TestModelFailureAfterThePeriodRefundsNothing(t *testing.T) {
	r := newRig(t, &failingWriter{}, true)
	id := r.scheduled(t)
	j := r.generate(t, id)
	// The period of the rig's credits (7 days) ends and the next begins.
	r.clock.Add(8 * 24 * time.Hour)
	tx := &dynamo.Tx{}
	r.svc.Credits.Reset(tx, r.account, r.site, credits.Allowance{Articles: 5}, r.clock.Now(), r.clock.Now().AddDate(0, 0, 7))
	if err := r.svc.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	var got jobs.Job
	for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
		got = r.process(t, j.ID)
	}
	if got.Status != jobs.Failed || got.Error == nil || strings.Contains(got.Error.Message, "was refunded") || !strings.Contains(got.Error.Message, "not refunded") {
		t.Fatalf("job after the last attempt = %+v (error %+v)", got, got.Error)
	}
	evs := r.failedEvents(t)
	if len(evs) != 1 || evs[0]["credits_refunded"] != 0.0 || strings.Contains(fmt.Sprint(evs[0]["error"]), "was refunded") {
		t.Fatalf("article.generation_failed events = %v", evs)
	}
}

// imageWriter is a model that writes articles with an image in them.
type imageWriter struct{ model.Offline }

func (w imageWriter) WriteArticle(ctx context.Context, b model.ArticleBrief) (model.ArticleDraft, error) {
	d, err := w.Offline.WriteArticle(ctx, b)
	d.BodyMarkdown += "\n![chart](https://example.com/chart.png)\n"
	return d, err
}

// A draft with an image is a draft the model got wrong: it is retried and
// then given up, so no article ever holds an image (the public articles
// API promises bodies without one).
func TestDraftWithAnImageIsAModelFailure(t *testing.T) {
	r := newRig(t, imageWriter{}, true)
	id := r.scheduled(t)
	j := r.generate(t, id)
	var got jobs.Job
	for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
		got = r.process(t, j.ID)
	}
	if got.Status != jobs.Failed || got.Error == nil || got.Error.Code != "generation_failed" {
		t.Fatalf("job after the last attempt = %+v", got)
	}
	r.wantGivenUp(t, id, j.ID, "generation_failed")
	if a, _ := r.svc.Articles.Get(context.Background(), r.site, id); editing.HasImages(a.BodyMarkdown) {
		t.Fatalf("article body holds an image: %q", a.BodyMarkdown)
	}
}

func TestDeletedWhileWaiting(t *testing.T) {
	r := newRig(t, model.Offline{}, true)
	id := r.scheduled(t)
	j := r.generate(t, id)
	if _, err := r.svc.Articles.Delete(context.Background(), r.site, id, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := r.process(t, j.ID); got.Status != jobs.Failed || got.Error.Code != "not_found" {
		t.Fatalf("job of a deleted article = %+v", got)
	}
	if b := r.balance(t); b != 5 {
		t.Fatalf("balance = %d, want the credit back", b)
	}
	if evs := r.failedEvents(t); len(evs) != 1 || evs[0]["credits_refunded"] != 1.0 {
		t.Fatalf("events = %v", evs)
	}
}

// A job that ends without running the writer (here: no runner for its
// kind) leaves its watch, and the scheduled clean-up ends the generation.
func TestRecoverAfterDeadJob(t *testing.T) {
	r := newRig(t, model.Offline{}, false)
	id := r.scheduled(t)
	j := r.generate(t, id)
	if got := r.process(t, j.ID); got.Status != jobs.Failed || got.Error.Code != "unsupported_job" {
		t.Fatalf("job = %+v", got)
	}
	if err := r.svc.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a, _ := r.svc.Articles.Get(context.Background(), r.site, id); a.Status != articles.StatusGenerating {
		t.Fatalf("clean-up ran before the watch was due: %s", a.Status)
	}
	r.clock.Add(20 * time.Minute) // the watch's first check
	if err := r.svc.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.wantGivenUp(t, id, j.ID, "unsupported_job")
}

func TestGenerateFinishes(t *testing.T) {
	r := newRig(t, model.Offline{}, true)
	id := r.scheduled(t)
	j := r.generate(t, id)
	if _, err := r.svc.Generate(context.Background(), auth.Service(r.account, "autopilot"), r.site, id); err == nil || !strings.Contains(err.Error(), "being written") {
		t.Fatalf("second generate: %v, want conflict", err)
	}
	got := r.process(t, j.ID)
	if got.Status != jobs.Completed {
		t.Fatalf("job = %+v", got)
	}
	var res struct {
		Article      articles.Article `json:"article"`
		CreditsSpent int              `json:"credits_spent"`
	}
	if err := json.Unmarshal(got.Result, &res); err != nil || res.CreditsSpent != 1 || res.Article.Status != articles.StatusFinished || res.Article.BodyMarkdown != "" {
		t.Fatalf("result = %s (%v)", got.Result, err)
	}
	a, _ := r.svc.Articles.Get(context.Background(), r.site, id)
	if a.Status != articles.StatusFinished || !strings.HasPrefix(a.BodyMarkdown, "# Coffee subscriptions\n") || a.SEOScore == nil || a.GenerationJobID != "" {
		t.Fatalf("article = %+v", a)
	}
	if b := r.balance(t); b != 4 {
		t.Fatalf("balance = %d, want 4", b)
	}
}
