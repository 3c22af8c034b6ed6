package research_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
	"rvcontent/test/dynamotest"
)

type rig struct {
	plans   *research.Plans
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
	return &rig{
		plans: &research.Plans{
			Table: table, Clock: clk, Keywords: &keywords.Store{Table: table},
			Articles: &articles.Store{Table: table, Clock: clk}, Events: &eventlog.Writer{Clock: clk},
		},
		account: ids.New(), site: ids.New(),
	}
}

// count returns how many items partition pk holds whose sort key begins
// with prefix.
func (r *rig) count(t *testing.T, pk, prefix string) int {
	t.Helper()
	in, err := dynamo.PartitionPrefix(pk, prefix).Input()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := r.plans.Table.QueryAll(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return len(rows)
}

func (r *rig) events(t *testing.T) int { return r.count(t, dynamo.EventsPK(r.account), "") }

// bigPlan adds nKeywords keywords and nArticles ideas.
func (r *rig) bigPlan(nKeywords, nArticles int) *research.Plan {
	now := r.plans.Clock.Now()
	p := &research.Plan{AccountID: r.account, SiteID: r.site, Source: articles.SourceResearch,
		Note: &research.Note{Actor: auth.Actor{Type: "agent", ID: "k", Name: "test"}, Action: "site.research_saved", Summary: "saved"}}
	for i := 0; i < nKeywords; i++ {
		p.Keywords = append(p.Keywords, keywords.New(r.site, model.KeywordIdea{Name: fmt.Sprintf("keyword %03d", i), SearchVolume: i}, keywords.SourceDiscovered, now))
	}
	for i := 0; i < nArticles; i++ {
		p.Create = append(p.Create, research.IdeaArticle(r.site, model.ArticleIdea{Title: fmt.Sprintf("Idea %03d", i), Keyword: "keyword 000"}, articles.StatusOpportunity, articles.SourceResearch, now))
	}
	return p
}

// TestPlanResumes: a plan larger than one transaction is applied in
// batches; an attempt that died after the first batch is resumed by the
// next one (which keeps the stored plan, not its own), and a third attempt
// changes nothing.
func TestPlanResumes(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	first := r.bigPlan(70, 40) // 110 writes: 3 batches
	first.PK, first.SK, first.JobID = dynamo.SitePK(r.site), dynamo.PlanRunSK("job-1"), "job-1"
	if err := r.plans.Table.PutNew(ctx, first); err != nil {
		t.Fatal(err)
	}
	if err := r.plans.ApplyBatch(ctx, first, 0); err != nil {
		t.Fatal(err)
	}
	if n := r.count(t, dynamo.SitePK(r.site), dynamo.KeywordPrefix); n != 48 {
		t.Fatalf("%d keywords after the first batch", n)
	}

	second := r.bigPlan(70, 40) // the retry plans again, with new ids
	applied, err := r.plans.Apply(ctx, "job-1", second)
	if err != nil {
		t.Fatal(err)
	}
	if applied.Done != 3 || applied.Create[0].ID != first.Create[0].ID {
		t.Fatalf("applied %d batches of plan %s", applied.Done, applied.Create[0].ID)
	}
	check := func() {
		t.Helper()
		if n := r.count(t, dynamo.SitePK(r.site), dynamo.KeywordPrefix); n != 70 {
			t.Fatalf("%d keywords", n)
		}
		if n := r.count(t, dynamo.SitePK(r.site), dynamo.ArticlePrefix); n != 40 {
			t.Fatalf("%d articles", n)
		}
		if n := r.events(t); n != 40 {
			t.Fatalf("%d events", n)
		}
		if n := r.count(t, dynamo.ActivityPK(r.account), ""); n != 1 {
			t.Fatalf("%d activity entries", n)
		}
		if _, err := r.plans.Articles.Get(ctx, r.site, first.Create[39].ID); err != nil {
			t.Fatalf("the stored plan's article: %v", err)
		}
	}
	check()
	if _, err := r.plans.Apply(ctx, "job-1", r.bigPlan(70, 40)); err != nil {
		t.Fatal(err)
	}
	check()
}

// TestPlanReplaces: same-name keywords are overwritten (same id) or kept
// as the plan says; unwritten articles are deleted with article.deleted,
// one written after planning is left alone.
func TestPlanReplaces(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	now := r.plans.Clock.Now()
	old := keywords.New(r.site, model.KeywordIdea{Name: "crm", SearchVolume: 1, Tag: "mine"}, keywords.SourceLibrary, now)
	tx := &dynamo.Tx{}
	keywords.AddIn(tx, r.account, old)
	var arts []articles.Article
	for i := 0; i < 3; i++ {
		a := research.IdeaArticle(r.site, model.ArticleIdea{Title: fmt.Sprintf("Old %d", i), Keyword: "crm"}, articles.StatusScheduled, articles.SourceScan, now)
		articles.PutNew(tx, r.account, a)
		arts = append(arts, a)
	}
	if err := r.plans.Table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	p := &research.Plan{AccountID: r.account, SiteID: r.site, ReplaceKeywords: true, Source: articles.SourceScan,
		Keywords: []keywords.Keyword{keywords.New(r.site, model.KeywordIdea{Name: "crm", SearchVolume: 900, Intent: "Commercial"}, keywords.SourceLibrary, now)}}
	for _, a := range arts {
		p.Replace = append(p.Replace, research.Ref{ID: a.ID, Title: a.Title})
	}
	// The owner writes one of them after the plan was made.
	if _, err := r.plans.Articles.Change(ctx, r.site, arts[1].ID, func(a *articles.Article) error { editing.SetBody(a, "Mine."); return nil }, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := r.plans.Apply(ctx, "job-2", p); err != nil {
		t.Fatal(err)
	}
	k, err := r.plans.Keywords.All(ctx, r.site)
	if err != nil || len(k) != 1 || k[0].ID != old.ID || k[0].SearchVolume != 900 || k[0].Tag != nil || *k[0].Intent != "Commercial" || k[0].CreatedAt != old.CreatedAt {
		t.Fatalf("keywords %+v %v", k, err)
	}
	left, _ := r.plans.Articles.All(ctx, r.site)
	if len(left) != 1 || left[0].ID != arts[1].ID {
		t.Fatalf("articles left %+v", left)
	}
	if n := r.events(t); n != 2 {
		t.Fatalf("%d article.deleted events", n)
	}

	keep := &research.Plan{AccountID: r.account, SiteID: r.site, Source: articles.SourceResearch,
		Keywords: []keywords.Keyword{keywords.New(r.site, model.KeywordIdea{Name: "crm", SearchVolume: 5}, keywords.SourceDiscovered, now)}}
	if _, err := r.plans.Apply(ctx, "job-3", keep); err != nil {
		t.Fatal(err)
	}
	if k, _ := r.plans.Keywords.All(ctx, r.site); len(k) != 1 || k[0].SearchVolume != 900 || k[0].Source != keywords.SourceLibrary {
		t.Fatalf("a research save changed a same-name keyword: %+v", k)
	}
}

// TestPlannerRetry: a retried attempt of the same scan job reports the
// same counts and writes nothing twice; a site the scan found nothing
// about gets no plan.
func TestPlannerRetry(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	pl := &research.Planner{Plans: r.plans}
	brand := "Ledgerly"
	in := scans.PlanInput{
		AccountID: r.account, JobID: "scan-1", Site: sites.Site{ID: r.site, BrandName: &brand},
		Analysis: scans.Analysis{Niche: "invoicing app", Audience: "freelancers", Competitors: []string{"Xero"}},
	}
	want := scans.PlanCounts{KeywordsFound: 12, ArticlesPlanned: 8, Ideas: 5, Scheduled: 3}
	for attempt := 0; attempt < 2; attempt++ {
		got, err := pl.Plan(ctx, in)
		if err != nil || got != want {
			t.Fatalf("attempt %d: %+v %v", attempt, got, err)
		}
	}
	if n := r.count(t, dynamo.SitePK(r.site), dynamo.ArticlePrefix); n != 8 {
		t.Fatalf("%d articles", n)
	}
	if n := r.events(t); n != 8 {
		t.Fatalf("%d events", n)
	}
	in.JobID, in.Analysis = "scan-2", scans.Analysis{}
	if got, err := pl.Plan(ctx, in); err != nil || got != (scans.PlanCounts{}) {
		t.Fatalf("ungrounded plan %+v %v", got, err)
	}
}

// TestPlannerWaitsForResearchLock: a scan's plan stage does not read or
// write the site while a research run saving to it holds the site's lock
// (it would repeat that run's titles or replace its ideas); it plans once
// the lock is free.
func TestPlannerWaitsForResearchLock(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	now := r.plans.Clock.Now()
	unlock, err := r.plans.Lock(ctx, r.site, "research-1", now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	pl := &research.Planner{Plans: r.plans}
	in := scans.PlanInput{
		AccountID: r.account, JobID: "scan-1", Deadline: now.Add(time.Hour), Site: sites.Site{ID: r.site},
		Analysis: scans.Analysis{Niche: "invoicing app", Audience: "freelancers"},
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if got, err := pl.Plan(short, in); !errors.Is(err, jobs.ErrOutOfTime) {
		t.Fatalf("plan while a research run holds the lock: %+v %v, want jobs.ErrOutOfTime", got, err)
	}
	if n := r.count(t, dynamo.SitePK(r.site), dynamo.ArticlePrefix); n != 0 {
		t.Fatalf("%d articles planned while the lock was held", n)
	}
	unlock()
	if got, err := pl.Plan(ctx, in); err != nil || got.ArticlesPlanned != 8 {
		t.Fatalf("plan after the lock was freed: %+v %v", got, err)
	}
}
