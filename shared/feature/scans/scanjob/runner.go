// Package scanjob runs a site.scan job: it reads the website within its
// budget, summarises what it found (brand, audience, topics) with the
// model, grounds that summary in the pages, records the scan on the site
// and, with a planner, plans the site's first keywords and articles.
package scanjob

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/scans/extract"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/crawl"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// Events of a scan's end (spec 6).
const (
	EventCompleted = "site.scan_completed"
	EventFailed    = "site.scan_failed"
)

// DefaultBudget caps the reading of a website.
const DefaultBudget = 60 * time.Second

// Runner runs site.scan jobs.
type Runner struct {
	Table   *dynamo.Table
	Clock   clock.Clock
	Sites   *sites.Store
	Events  *eventlog.Writer
	Crawler *crawl.Crawler
	// Model summarises the pages; model.Offline when nil. Its answers are
	// grounded before use, and an error falls back to model.Offline.
	Model Analyzer
	// Budget caps the reading of the website; DefaultBudget when zero.
	Budget time.Duration
	// Planner runs the plan stage (plan.go); nil plans nothing.
	Planner scans.Planner
}

var _ jobs.Runner = (*Runner)(nil)

// Analyzer summarises a website's pages (model.Model's Analyze).
type Analyzer interface {
	Analyze(ctx context.Context, in model.AnalyzeInput) (model.Summary, error)
}

// errSuperseded ends a scan whose site was scanned again meanwhile.
var errSuperseded = apperr.New(apperr.Conflict, "A newer scan of this site replaced this one; read GET /sites/{site_id}/scan.")

// Run scans the job's site: it marks the scan running, reads the website,
// finds the brand, analyses the pages, and records the result or the
// failure with its event, activity entry and the job's end in one
// transaction. A site problem (down, error status, not HTML, too large,
// refused address) fails the scan and the job with a message that says
// which; other errors are retried by the worker. When website_url changes
// while the website is read, the scan reads the new website instead.
func (r *Runner) Run(ctx context.Context, run *jobs.Run) (any, error) {
	accountID, siteID := run.AccountID, aws.ToString(run.Job.SiteID)
	it, err := r.Sites.GetItem(ctx, accountID, siteID)
	if err != nil {
		return nil, err
	}
	jobID := run.Job.ID
	sc := scans.Scan{SiteID: siteID, JobID: &jobID, Status: sites.ScanRunning, Stage: scans.StageBrand, StartedAt: stamp(r.Clock.Now())}
	if err := r.begin(ctx, accountID, sc); err != nil {
		return nil, err
	}
	// A website_url changed while the scan read the website (a PATCH
	// starts no scan) sends this scan back to the brand stage with the
	// new website, so it never records or plans from what the old one
	// said.
	var brand sites.Brand
	var analysis scans.Analysis
	var failure *crawl.Failure
	for reads := 1; ; reads++ {
		if brand, analysis, failure, err = r.read(ctx, run, it.Site); err != nil {
			return nil, err
		}
		now, err := r.Sites.GetItem(ctx, accountID, siteID)
		if err != nil {
			return nil, err
		}
		if aws.ToString(now.Site.WebsiteURL) == aws.ToString(it.Site.WebsiteURL) || reads == maxReads {
			break
		}
		it = now
		if err := r.stage(ctx, run, siteID, scans.StageBrand); err != nil {
			return nil, err
		}
	}
	sc.Brand, sc.Analysis = brand, analysis
	if failure != nil {
		sc.Status = sites.ScanFailed
		sc.Error = &jobs.Error{Code: failure.Code, Message: failure.Message}
	} else {
		sc.Status, sc.Stage = sites.ScanCompleted, scans.StagePlan
		if err := r.plan(ctx, run, it.Site, &sc); err != nil {
			return nil, err
		}
	}
	return nil, r.finish(ctx, run, sc)
}

// maxReads bounds how many times one scan reads a website whose address
// keeps changing; the last read is recorded.
const maxReads = 3

var _ jobs.GiveUpper = (*Runner)(nil)

// GiveUp ends the scan of a job the worker gave up (its attempts kept
// failing or stopped responding), so the scan does not stay running: the
// scan fails, in the stage it reached, with the job's error, the site's
// scan_status becomes failed and site.scan_failed is reported, with the
// job's end, in one transaction. A scan that a newer one replaced, or that
// already ended, is left as it is.
func (r *Runner) GiveUp(ctx context.Context, run *jobs.Run, jobErr jobs.Error) error {
	sc, err := (&scans.Store{Table: r.Table, Sites: r.Sites}).Get(ctx, run.AccountID, aws.ToString(run.Job.SiteID))
	if err != nil {
		return err
	}
	if sc.JobID == nil || *sc.JobID != run.Job.ID || (sc.Status != sites.ScanQueued && sc.Status != sites.ScanRunning) {
		return nil
	}
	sc.Status, sc.Error = sites.ScanFailed, &jobErr
	if sc.StartedAt == nil {
		sc.StartedAt = stamp(r.Clock.Now())
	}
	if err := r.finish(ctx, run, sc); err != nil && !errors.Is(err, errSuperseded) {
		return err
	}
	return nil
}

// begin records the scan as running, unless a newer one replaced it.
func (r *Runner) begin(ctx context.Context, accountID string, sc scans.Scan) error {
	tx := &dynamo.Tx{}
	scans.Put(tx, accountID, sc)
	sites.SetScanStatusIn(tx, accountID, sc.SiteID, sites.ScanRunning)
	err := r.Table.Commit(ctx, tx, nil)
	switch {
	case dynamo.FailedOn(err, "scan"):
		return errSuperseded
	case dynamo.FailedOn(err, "site"):
		return sites.ErrNotFound
	}
	return apperr.Wrap("scans.begin", err)
}

// read runs the brand, analysis and plan stages. A site problem comes back
// as a *crawl.Failure with the stage the scan reached.
func (r *Runner) read(ctx context.Context, run *jobs.Run, site sites.Site) (sites.Brand, scans.Analysis, *crawl.Failure, error) {
	none := scans.Analysis{Competitors: []string{}}
	if site.WebsiteURL == nil || *site.WebsiteURL == "" {
		return sites.Brand{}, none, &crawl.Failure{Code: crawl.CodeNoURL, Message: "The site has no website_url to scan; set one with PATCH /sites/{site_id}."}, nil
	}
	budget := r.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	cctx, cancel := context.WithTimeout(ctx, budget)
	res, err := r.Crawler.Crawl(cctx, *site.WebsiteURL)
	cancel()
	var failure *crawl.Failure
	if errors.As(err, &failure) {
		return sites.Brand{}, none, failure, nil
	}
	if err != nil {
		return sites.Brand{}, none, nil, err
	}
	brand := plainBrand(extract.Brand(res.Pages))
	if err := r.stage(ctx, run, site.ID, scans.StageAnalysis); err != nil {
		return sites.Brand{}, none, nil, err
	}
	analysis := r.analyse(ctx, brandName(brand, site), res.Pages)
	if err := r.stage(ctx, run, site.ID, scans.StagePlan); err != nil {
		return sites.Brand{}, none, nil, err
	}
	// The plan stage runs in Run once the website is read (plan.go).
	slog.InfoContext(ctx, "site scanned", "site_id", site.ID, "pages", len(res.Pages), "requests", res.Requests)
	return brand, analysis, nil, nil
}

func (r *Runner) stage(ctx context.Context, run *jobs.Run, siteID, stage string) error {
	ok, err := scans.SetStage(ctx, r.Table, run.AccountID, siteID, run.Job.ID, stage)
	if err != nil {
		return apperr.Wrap("scans.stage", err)
	}
	if !ok {
		return errSuperseded
	}
	return nil
}

// analyse asks the model about the pages, keeps what the pages ground, and
// reads the geography from the pages' own statements.
func (r *Runner) analyse(ctx context.Context, brand string, pages []*crawl.Page) scans.Analysis {
	in := modelInput(brand, pages)
	m := r.Model
	if m == nil {
		m = model.Offline{}
	}
	s, err := m.Analyze(ctx, in)
	if err != nil {
		slog.WarnContext(ctx, "model analysis failed; using the offline model", "err", err)
		s, _ = model.Offline{}.Analyze(ctx, in)
	}
	s = model.Ground(s, in)
	a := scans.Analysis{Niche: input.Plain(s.Niche), Audience: input.Plain(s.Audience), Geo: input.Plain(extract.Geo(pages)), Competitors: []string{}}
	for _, c := range s.Competitors {
		if c = input.Plain(c); c != "" {
			a.Competitors = append(a.Competitors, c)
		}
	}
	return a
}

// plainBrand returns b with its texts as one plain line each: a website's
// pages may hold control characters or bidirectional overrides, which the
// API refuses in a brand name and which would reach the site, its keywords
// and articles (input.Plain).
func plainBrand(b sites.Brand) sites.Brand {
	b.BrandName, b.ProductDescription = input.Plain(b.BrandName), input.Plain(b.ProductDescription)
	return b
}

// brandName is the name competitors are told apart from: the one the
// pages give, else the one the site has.
func brandName(b sites.Brand, site sites.Site) string {
	if b.BrandName != "" {
		return b.BrandName
	}
	return aws.ToString(site.BrandName)
}

// maxModelText caps the text of one page handed to the model.
const maxModelText = 20000

func modelInput(brand string, pages []*crawl.Page) model.AnalyzeInput {
	in := model.AnalyzeInput{BrandName: brand}
	for _, p := range pages {
		mp := model.Page{
			URL: p.URL.String(), Title: p.Title, Description: firstOf(p.Description, p.OGDescription),
			Headings: p.Headings, Hero: p.Hero, Text: p.Text,
		}
		if len(mp.Text) > maxModelText {
			mp.Text = strings.ToValidUTF8(mp.Text[:maxModelText], "")
		}
		for _, l := range p.Links {
			mp.Links = append(mp.Links, model.Link{Text: l.Text, URL: l.URL.String()})
		}
		in.Pages = append(in.Pages, mp)
	}
	return in
}

// finish records the scan's end: the scan, the site (brand fields and
// scan_status), the event, the activity entry and the job's end, in one
// transaction; it reads the site again when a PATCH raced it.
func (r *Runner) finish(ctx context.Context, run *jobs.Run, sc scans.Scan) error {
	for try := 0; try < 3; try++ {
		it, err := r.Sites.GetItem(ctx, run.AccountID, sc.SiteID)
		if err != nil {
			return err
		}
		now := r.Clock.Now()
		sc.FinishedAt = stamp(now)
		sc = sc.Normal()
		tx := &dynamo.Tx{}
		scans.Put(tx, run.AccountID, sc)
		who := auth.Service(run.AccountID, "website scan")
		change := activity.Change{SiteID: sc.SiteID, Resource: activity.Resource{Type: "site", ID: sc.SiteID}}
		if sc.Status == sites.ScanCompleted {
			filled := sites.FillBrandIn(tx, it, sc.Brand, sites.ScanCompleted)
			r.Events.Emit(tx, run.AccountID, sc.SiteID, EventCompleted, map[string]any{"scan": sc})
			change.Action, change.Summary = EventCompleted, completedSummary(it.Site, filled)
			run.CompleteIn(tx, now, sc)
		} else {
			sites.SetScanStatusIn(tx, run.AccountID, sc.SiteID, sites.ScanFailed)
			r.Events.Emit(tx, run.AccountID, sc.SiteID, EventFailed, map[string]any{"scan": sc})
			change.Action, change.Summary = EventFailed, "Scan failed: "+sc.Error.Message
			run.FailIn(tx, now, *sc.Error)
		}
		activity.Record(tx, now, who, change)
		err = r.Table.Commit(ctx, tx, nil)
		var ce *dynamo.CanceledError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &ce) && ce.Has("scan"):
			return errSuperseded
		case errors.As(err, &ce) && (ce.Has("job:complete") || ce.Has("job:fail")):
			return nil // another attempt took the job over and records it
		case errors.As(err, &ce) && ce.Has("site"):
			continue // a PATCH changed the user's fields: read again
		default:
			return apperr.Wrap("scans.finish", err)
		}
	}
	return apperr.Wrap("scans.finish", errors.New("the site kept changing"))
}

func completedSummary(site sites.Site, filled []string) string {
	s := "Scan of " + aws.ToString(site.WebsiteURL) + " completed"
	if len(filled) > 0 {
		s += fmt.Sprintf("; set %s from the website", strings.Join(filled, ", "))
	}
	return s
}

func stamp(t time.Time) *string {
	s := clock.Format(t)
	return &s
}

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
