package scans

import (
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/platform/dynamo"
)

// DailyLimit is how many scans an account without a trial or plan may
// start in a day (UTC, on the service clock), the one created with the
// account included (spec 8).
const DailyLimit = 3

// QuotaScope is the counter of an account's scans for the no-plan daily
// limit. Every scan counts; the limit applies only without a plan.
func QuotaScope(accountID string) string { return "scans.noplan.daily#" + accountID }

// Queue adds to tx a new scan of the account's site: its site.scan job, the
// scan itself in state queued (replacing the site's previous scan, whose
// job then stops at its next step), and one count against the account's
// daily scan quota. With limit > 0 the commit fails when the quota already
// holds limit scans: ratelimit.Exhausted(err, QuotaScope(accountID)) tells.
// The site's scan_status is the caller's: a new site is created queued.
// Account creation and Studio site creation queue the first scan with it.
func Queue(tx *dynamo.Tx, enq *jobs.Enqueuer, counters *ratelimit.Counters, accountID, siteID string, limit int) (jobs.Job, ratelimit.Window) {
	win := counters.TakeIn(tx, QuotaScope(accountID), ratelimit.Day, limit)
	job := enq.Add(tx, accountID, siteID, Kind, nil)
	id := job.ID
	tx.Put("scan", newItem(accountID, Scan{SiteID: siteID, JobID: &id, Status: sites.ScanQueued, Stage: StageBrand}), "", nil)
	return job, win
}
