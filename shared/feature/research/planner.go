package research

import (
	"context"
	"encoding/json"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/model"
)

// What a scan plans.
const (
	PlanKeywords  = 12 // keywords a scan finds, at most
	PlanArticles  = 8  // articles a scan plans, at most
	PlanScheduled = 3  // of which the first ones are scheduled
	// PlanEvery is the spacing of the scheduled articles' days: the first
	// is due the day after the scan, the next ones a week apart.
	PlanEvery = 7 * 24 * time.Hour
)

// Planner is the scan's plan stage (scans.Planner).
type Planner struct {
	Plans *Plans
	// Model answers; model.Offline when nil, and on its errors.
	Model Researcher
}

var _ scans.Planner = (*Planner)(nil)

// Plan finds keywords from the scan's grounded findings and plans
// articles for them, source scan:
//   - nothing when the scan found nothing about the business beyond its
//     name (no niche, audience, competitors or product description);
//   - up to PlanKeywords keywords (source library); a found keyword
//     replaces a same-name keyword (same id, the scan's values), others
//     are kept;
//   - up to PlanArticles articles, the first PlanScheduled scheduled (the
//     day after the scan, then weekly), the rest ideas (opportunity), each
//     with article.created; titles never repeat one already on the site;
//   - unwritten articles (opportunity or scheduled, empty body) whose
//     keyword the scan found are replaced: deleted, with article.deleted,
//     and their keyword planned again (one more idea for each such keyword
//     the first PlanArticles left out; articles of a keyword the model
//     gave no idea for stay); written articles are never touched.
//
// The plan is made and applied under the site's research lock (see lock),
// so a research run saving at the same time neither repeats its titles
// nor loses its ideas to the replacement. The writes go in transactions of
// at most 100 items; a retried attempt of the same scan job resumes them
// and reports the same counts.
func (p *Planner) Plan(ctx context.Context, in scans.PlanInput) (scans.PlanCounts, error) {
	siteID := in.Site.ID
	if c, found, err := p.resume(ctx, in); err != nil || found {
		return c, err
	}
	req := facts(in.Site, in.Brand, in.Analysis)
	if !grounded(req) {
		return scans.PlanCounts{}, nil
	}
	unlock, err := p.Plans.lock(ctx, siteID, in.JobID, in.Deadline)
	if err != nil {
		return scans.PlanCounts{}, err
	}
	defer unlock()
	// Another attempt may have stored the plan while this one waited.
	if c, found, err := p.resume(ctx, in); err != nil || found {
		return c, err
	}
	arts, err := p.Plans.Articles.All(ctx, siteID)
	if err != nil {
		return scans.PlanCounts{}, err
	}
	var candidates []articles.Article
	for _, a := range arts {
		if a.Keyword != nil && unwritten(a) {
			candidates = append(candidates, a)
		} else {
			req.AvoidTitles = append(req.AvoidTitles, a.Title)
		}
	}
	req.MaxKeywords, req.Ideas = PlanKeywords, PlanArticles+len(candidates)
	out := Ask(ctx, p.Model, req)
	plan := p.plan(in, out, candidates, req.AvoidTitles)
	b, _ := json.Marshal(plan.counts)
	plan.Result = string(b)
	applied, err := p.Plans.Apply(ctx, in.JobID, &plan.Plan)
	if err != nil {
		return scans.PlanCounts{}, err
	}
	return counts(applied)
}

// resume applies what is left of the plan an earlier attempt of the scan
// job stored, and returns its counts; found is false when there is none.
func (p *Planner) resume(ctx context.Context, in scans.PlanInput) (c scans.PlanCounts, found bool, err error) {
	stored, found, err := p.Plans.Load(ctx, in.Site.ID, in.JobID)
	if err != nil || !found {
		return scans.PlanCounts{}, false, err
	}
	if err := p.Plans.Resume(ctx, stored); err != nil {
		return scans.PlanCounts{}, true, err
	}
	c, err = counts(stored)
	return c, true, err
}

// scanPlan is a plan and the counts it reports.
type scanPlan struct {
	Plan
	counts scans.PlanCounts
}

// plan turns the model's answer into the scan's writes: found keywords;
// up to PlanArticles new articles whose titles are not on the site (avoid,
// or a candidate that stays); then, for each found keyword that still has
// candidates, one more idea of that keyword when the model gave one. The
// candidates of a keyword that got a new article are replaced; those of a
// keyword that got none stay, so a rescan never drops an article without
// planning its keyword again.
func (p *Planner) plan(in scans.PlanInput, out model.Research, candidates []articles.Article, avoid []string) scanPlan {
	now := p.Plans.Clock.Now()
	siteID := in.Site.ID
	sp := scanPlan{Plan: Plan{AccountID: in.AccountID, SiteID: siteID, ReplaceKeywords: true, Source: articles.SourceScan}}
	found := map[string]bool{}
	for _, k := range out.Keywords {
		found[k.Name] = true
		sp.Keywords = append(sp.Keywords, keywords.New(siteID, k, keywords.SourceLibrary, now))
	}
	taken := map[string]bool{}
	for _, t := range avoid {
		taken[model.NormalTitle(t)] = true
	}
	waiting := map[string][]articles.Article{} // candidates by found keyword
	for _, a := range candidates {
		if k := model.NormalKeyword(*a.Keyword); found[k] {
			waiting[k] = append(waiting[k], a)
		} else {
			taken[model.NormalTitle(a.Title)] = true
		}
	}
	day := now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	covered := map[string]bool{}
	add := func(idea model.ArticleIdea) {
		status, when := articles.StatusOpportunity, (*string)(nil)
		if len(sp.Create) < PlanScheduled {
			d := day.Add(time.Duration(len(sp.Create)) * PlanEvery).Format("2006-01-02")
			status, when = articles.StatusScheduled, &d
			sp.counts.Scheduled++
		} else {
			sp.counts.Ideas++
		}
		taken[model.NormalTitle(idea.Title)] = true
		covered[model.NormalKeyword(idea.Keyword)] = true
		sp.Create = append(sp.Create, ideaArticle(siteID, idea, status, when, articles.SourceScan, now))
	}
	for _, idea := range out.Ideas {
		if len(sp.Create) == PlanArticles {
			break
		}
		if !taken[model.NormalTitle(idea.Title)] {
			add(idea)
		}
	}
	for _, idea := range out.Ideas {
		if k := model.NormalKeyword(idea.Keyword); len(waiting[k]) > 0 && !covered[k] && !taken[model.NormalTitle(idea.Title)] {
			add(idea)
		}
	}
	for _, a := range candidates {
		if k := model.NormalKeyword(*a.Keyword); len(waiting[k]) > 0 && covered[k] {
			sp.Replace = append(sp.Replace, Ref{ID: a.ID, Title: a.Title})
		}
	}
	sp.counts.KeywordsFound, sp.counts.ArticlesPlanned = len(sp.Keywords), len(sp.Create)
	return sp
}

// unwritten reports whether an article listed without its body is an idea
// or a scheduled article with no words; the replacement checks the body
// itself before deleting.
func unwritten(a articles.Article) bool {
	return (a.Status == articles.StatusOpportunity || a.Status == articles.StatusScheduled) && a.WordCount == 0
}

// counts reads the counts a stored scan plan reported.
func counts(p *Plan) (scans.PlanCounts, error) {
	var c scans.PlanCounts
	if err := json.Unmarshal([]byte(p.Result), &c); err != nil {
		return c, apperr.Wrap("research.counts", err)
	}
	return c, nil
}
