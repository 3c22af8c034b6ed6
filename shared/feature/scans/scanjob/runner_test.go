package scanjob_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/scans/scanjob"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/crawl"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/model"
	"rvcontent/test/dynamotest"
)

type noQueue struct{}

func (noQueue) Send(context.Context, []byte, time.Duration) error { return nil }

type hosts string

func (h hosts) Address(string) (string, bool) { return string(h), true }
func (hosts) TXT(string) ([]string, bool)     { return nil, false }

// lying answers what a careless model might: part of it is on the pages,
// part invented.
type lying struct{ err error }

func (l lying) Analyze(context.Context, model.AnalyzeInput) (model.Summary, error) {
	return model.Summary{Niche: "AI-powered fintech platform", Audience: "freelancers", Competitors: []string{"Stripe", "Xero"}}, l.err
}

const page = `<html lang="en"><head><title>Ledgerly | Invoicing for freelancers</title>
<meta name="description" content="Ledgerly is an invoicing app for freelancers. Pay by Stripe."></head>
<body><h1>Invoices</h1><p>Unlike Xero, Ledgerly is free for one client.</p></body></html>`

// rig is a one-page site with its primary site record and a queued scan,
// and the worker that runs it.
type rig struct {
	table      *dynamo.Table
	sites      *sites.Store
	worker     *jobs.Worker
	acct, site string
	job        string
}

// newRig queues a scan of a one-page site run with m as the model and p as
// the planner (none when nil).
func newRig(t *testing.T, m scanjob.Analyzer, p scans.Planner) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	ctx := context.Background()
	acct, id := ids.New(), ids.New()
	if err := table.Put(ctx, sites.NewPrimary(acct, id, "http://ledgerly.example.com/", nil, nil, "https://dash.example.com", clk.T)); err != nil {
		t.Fatal(err)
	}
	enq := &jobs.Enqueuer{Clock: clk, Queue: noQueue{}}
	tx := &dynamo.Tx{}
	job, _ := scans.Queue(tx, enq, &ratelimit.Counters{Table: table, Clock: clk}, acct, id, scans.DailyLimit)
	if err := table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	siteStore := &sites.Store{Table: table}
	runner := &scanjob.Runner{
		Table: table, Clock: clk, Sites: siteStore, Events: &eventlog.Writer{Clock: clk},
		Crawler: &crawl.Crawler{Fetcher: egress.New(egress.Options{Overrides: hosts(strings.TrimPrefix(srv.URL, "http://"))})},
		Model:   m, Planner: p,
	}
	w := &jobs.Worker{Table: table, Clock: clk, Enqueuer: enq, Runners: map[string]jobs.Runner{scans.Kind: runner}}
	return &rig{table: table, sites: siteStore, worker: w, acct: acct, site: id, job: job.ID}
}

// scan returns the site's scan.
func (r *rig) scan(t *testing.T) scans.Scan {
	t.Helper()
	sc, err := (&scans.Store{Table: r.table, Sites: r.sites}).Get(context.Background(), r.acct, r.site)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// run scans a one-page site with m as the model and returns the scan.
func run(t *testing.T, m scanjob.Analyzer) scans.Scan {
	t.Helper()
	r := newRig(t, m, nil)
	if err := r.worker.Process(context.Background(), r.acct, r.job); err != nil {
		t.Fatal(err)
	}
	sc := r.scan(t)
	if sc.Status != sites.ScanCompleted {
		t.Fatalf("scan %+v", sc)
	}
	return sc
}

// TestModelAnswersAreGrounded: what the model invents is dropped; what the
// pages say is kept; a competitor merely named (a payment provider) is no
// competitor.
func TestModelAnswersAreGrounded(t *testing.T) {
	sc := run(t, lying{})
	want := scans.Analysis{Niche: "", Audience: "freelancers", Geo: "", Competitors: []string{"Xero"}}
	if !reflect.DeepEqual(sc.Analysis, want) {
		t.Fatalf("analysis %+v, want %+v", sc.Analysis, want)
	}
}

// TestModelFailureFallsBackToOffline: a model error does not fail the
// scan; the offline model answers.
func TestModelFailureFallsBackToOffline(t *testing.T) {
	sc := run(t, lying{err: errors.New("throttled")})
	want := scans.Analysis{Niche: "invoicing app", Audience: "freelancers", Geo: "", Competitors: []string{"Xero"}}
	if !reflect.DeepEqual(sc.Analysis, want) {
		t.Fatalf("analysis %+v, want %+v", sc.Analysis, want)
	}
	if sc.Brand.BrandName != "Ledgerly" || sc.Brand.AvatarURL != "" {
		t.Fatalf("brand %+v", sc.Brand)
	}
}

// failing is a plan stage that always fails.
type failing struct{}

func (failing) Plan(context.Context, scans.PlanInput) (scans.PlanCounts, error) {
	return scans.PlanCounts{}, errors.New("table unavailable")
}

// TestGivenUpScanFails: when the worker gives a scan's job up after its
// attempts kept failing, the scan does not stay running: it fails with the
// job's error in the stage it reached, the site's scan_status is failed,
// and site.scan_failed is reported with the scan.
func TestGivenUpScanFails(t *testing.T) {
	r := newRig(t, nil, failing{})
	ctx := context.Background()
	for i := 0; i < jobs.MaxAttempts; i++ {
		if err := r.worker.Process(ctx, r.acct, r.job); err != nil {
			t.Fatal(err)
		}
	}
	job, err := (&jobs.Store{Table: r.table}).Get(ctx, r.acct, r.job)
	if err != nil {
		t.Fatal(err)
	}
	sc := r.scan(t)
	if job.Status != jobs.Failed || job.Error == nil || sc.Status != sites.ScanFailed || sc.Error == nil || *sc.Error != *job.Error || sc.Stage != scans.StagePlan || sc.FinishedAt == nil {
		t.Fatalf("job %+v, scan %+v: want both failed with the same error", job, sc)
	}
	it, err := r.sites.GetItem(ctx, r.acct, r.site)
	if err != nil || it.Site.ScanStatus != sites.ScanFailed {
		t.Fatalf("site %+v %v", it.Site, err)
	}
	in, _ := dynamo.Partition(dynamo.EventsPK(r.acct)).Input()
	rows, err := r.table.QueryAll(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, row := range rows {
		var ev struct {
			Type string `dynamodbav:"type"`
		}
		_ = attributevalue.UnmarshalMap(row, &ev)
		types = append(types, ev.Type)
	}
	if !reflect.DeepEqual(types, []string{scanjob.EventFailed}) {
		t.Fatalf("events %v, want one %s", types, scanjob.EventFailed)
	}
}
