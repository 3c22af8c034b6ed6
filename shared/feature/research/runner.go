package research

import (
	"context"
	"encoding/json"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/nouns"
	"rvcontent/shared/platform/model"
)

// maxTopics is how many tracked (library) keywords, highest volume first,
// research takes as topics besides the seed and the scan's findings.
const maxTopics = 5

// Runner runs research jobs.
type Runner struct {
	Plans *Plans
	Sites *sites.Store
	Scans *scans.Store
	// Model answers; model.Offline when nil, and on its errors.
	Model Researcher
}

var _ jobs.Runner = (*Runner)(nil)

// Run researches the job's site: the site's own words (settings, latest
// scan), its keywords and the seed go to the model; the answer is cleaned
// and never repeats a title already on the site. With save, the keywords
// new to the site are added (source discovered; same-name keywords are
// kept) and the ideas become articles (status opportunity, source
// research, article.created each), with an activity entry, in
// transactions of at most 100 items, under the site's research lock (see
// lock), so saving runs of a site plan one after the other. A retried
// attempt returns the stored result and applies what is left.
func (r *Runner) Run(ctx context.Context, run *jobs.Run) (any, error) {
	var req Request
	if err := json.Unmarshal(run.Input, &req); err != nil {
		return nil, apperr.Wrap("research.Run", err)
	}
	siteID := ""
	if run.Job.SiteID != nil {
		siteID = *run.Job.SiteID
	}
	if p, found, err := r.Plans.Load(ctx, siteID, run.Job.ID); err != nil || found {
		if err != nil {
			return nil, err
		}
		return stored(ctx, r.Plans, p)
	}
	if req.Save {
		unlock, err := r.Plans.lock(ctx, siteID, run.Job.ID, run.Deadline())
		if err != nil {
			return nil, err
		}
		defer unlock()
		// Another attempt may have stored the plan while this one waited.
		if p, found, err := r.Plans.Load(ctx, siteID, run.Job.ID); err != nil || found {
			if err != nil {
				return nil, err
			}
			return stored(ctx, r.Plans, p)
		}
	}
	site, err := r.Sites.Get(ctx, run.AccountID, siteID)
	if err != nil {
		return nil, err
	}
	sc, err := r.Scans.LastCompleted(ctx, run.AccountID, siteID)
	if err != nil {
		return nil, err
	}
	existing, err := r.Plans.Keywords.All(ctx, siteID)
	if err != nil {
		return nil, err
	}
	arts, err := r.Plans.Articles.All(ctx, siteID)
	if err != nil {
		return nil, err
	}
	in := facts(site, sc.Brand, sc.Analysis)
	in.Seed, in.MaxKeywords, in.Ideas = req.Seed, MaxKeywords, req.Ideas
	for _, k := range existing {
		if k.Source == keywords.SourceLibrary && len(in.Keywords) < maxTopics {
			in.Keywords = append(in.Keywords, k.Name)
		}
	}
	for _, a := range arts {
		in.AvoidTitles = append(in.AvoidTitles, a.Title)
	}
	out := Ask(ctx, r.Model, in)
	res := Result{Keywords: out.Keywords, Ideas: out.Ideas}
	if req.Seed != "" {
		res.Seed = &req.Seed
	}
	if !req.Save {
		return res, nil
	}
	p := r.savePlan(run, siteID, req, out, existing)
	res.Saved = &Saved{Keywords: len(p.Keywords), Articles: len(p.Create)}
	b, _ := json.Marshal(res)
	p.Result = string(b)
	p, err = r.Plans.Apply(ctx, run.Job.ID, p)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(p.Result), nil
}

// savePlan is what save adds: the keywords the site does not have yet
// (source discovered) and one opportunity article per idea.
func (r *Runner) savePlan(run *jobs.Run, siteID string, req Request, out model.Research, existing []keywords.Keyword) *Plan {
	now := r.Plans.Clock.Now()
	have := map[string]bool{}
	for _, k := range existing {
		have[k.Name] = true
	}
	p := &Plan{AccountID: run.AccountID, SiteID: siteID, Source: articles.SourceResearch}
	for _, k := range out.Keywords {
		if !have[k.Name] {
			p.Keywords = append(p.Keywords, keywords.New(siteID, k, keywords.SourceDiscovered, now))
		}
	}
	for _, idea := range out.Ideas {
		p.Create = append(p.Create, ideaArticle(siteID, idea, articles.StatusOpportunity, nil, articles.SourceResearch, now))
	}
	p.Note = &Note{
		Actor: req.Actor, IP: req.IP, Action: "site.research_saved",
		Summary: "Research saved " + nouns.Count(len(p.Keywords), "keyword", "keywords") + " and " +
			nouns.Count(len(p.Create), "article idea", "article ideas"),
	}
	if p.empty() {
		p.Note = nil
	}
	return p
}

// stored returns a stored plan's result after applying what is left.
func stored(ctx context.Context, plans *Plans, p *Plan) (any, error) {
	if err := plans.Resume(ctx, p); err != nil {
		return nil, err
	}
	return json.RawMessage(p.Result), nil
}
