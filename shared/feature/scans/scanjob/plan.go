package scanjob

import (
	"context"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
)

// plan runs the plan stage on a completed scan and records its counts.
func (r *Runner) plan(ctx context.Context, run *jobs.Run, site sites.Site, sc *scans.Scan) error {
	if r.Planner == nil {
		return nil
	}
	c, err := r.Planner.Plan(ctx, scans.PlanInput{AccountID: run.AccountID, JobID: run.Job.ID, Deadline: run.Deadline(), Site: site, Brand: sc.Brand, Analysis: sc.Analysis})
	if err != nil {
		return err
	}
	sc.KeywordsFound, sc.ArticlesPlanned, sc.Ideas, sc.Scheduled = c.KeywordsFound, c.ArticlesPlanned, c.Ideas, c.Scheduled
	return nil
}
