package jobs

import (
	"time"

	"rvcontent/shared/platform/dynamo"
)

// FailIn adds the job's failure with jobErr to tx, so a runner that records
// why its work failed (a scan of a site that is down) ends the job in the
// same transaction. The runner then returns a nil error.
func (r *Run) FailIn(tx *dynamo.Tx, now time.Time, jobErr Error) {
	r.FailWithResultIn(tx, now, jobErr, nil)
}

// FailWithResultIn is FailIn for a runner whose work stopped part way:
// the failed job also carries result, what was done and left before it
// stopped (a sync stopped by a refused token: what it tried and skipped).
func (r *Run) FailWithResultIn(tx *dynamo.Tx, now time.Time, jobErr Error, result any) {
	u, err := finishUpdate(now, r.attempt, Failed, result, &jobErr)
	if err != nil {
		return
	}
	tx.Update("job:fail", dynamo.AccountPK(r.AccountID), dynamo.JobSK(r.Job.ID), u)
	r.finished = true
}
