package scans

import (
	"time"

	"context"

	"rvcontent/shared/feature/sites"
)

// Planner is the scan's plan stage: from the site and what the brand and
// analysis stages found, it finds keywords, plans ideas and scheduled
// articles, writes them, and returns the counts the scan reports. A
// retried attempt of the same job must not plan twice: implementations
// resume what the job started. Errors are retried by the jobs worker.
type Planner interface {
	Plan(ctx context.Context, in PlanInput) (PlanCounts, error)
}

// PlanInput is what the plan stage reads.
type PlanInput struct {
	AccountID string
	JobID     string
	Deadline  time.Time  // the end of the scan job's lease
	Site      sites.Site // the site as the scan began
	Brand     sites.Brand
	Analysis  Analysis
}

// PlanCounts are the plan stage's counts (spec 2 Scan).
type PlanCounts struct {
	KeywordsFound   int
	ArticlesPlanned int
	Ideas           int
	Scheduled       int
}
