package research

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Research runs that save, and a scan's plan stage, take a lock on their
// site from reading the site's keywords and titles until their writes are
// applied, so they save one after the other: each plans from a site that
// holds what the one before added, never repeats its titles, and counts
// only the keywords it adds. A lock whose run died frees at the end of
// that run's lease.

// lockPoll is how often a run waiting for the lock tries again, and
// lockWait how long it waits (real time) before its attempt gives up and
// the job is retried.
const (
	lockPoll = 100 * time.Millisecond
	lockWait = time.Minute
)

// writeLock names the lock's writes in transactions.
const writeLock = "research_lock"

// lockItem is a site's research lock, held by job JobID until Until.
type lockItem struct {
	PK    string `dynamodbav:"pk"`
	SK    string `dynamodbav:"sk"`
	JobID string `dynamodbav:"job_id"`
	Until string `dynamodbav:"until"`
	TTL   int64  `dynamodbav:"ttl"`
}

// lock takes the site's research lock for job jobID until its lease ends
// at deadline, waiting while another live run holds it, and returns the
// function that frees it. It returns jobs.ErrOutOfTime when the lock
// stayed taken for lockWait or ctx ended first.
func (s *Plans) lock(ctx context.Context, siteID, jobID string, deadline time.Time) (func(), error) {
	table, clk := s.Table, s.Clock
	pk, sk := dynamo.SitePK(siteID), dynamo.ResearchLockSK()
	give := time.Now().Add(lockWait)
	for {
		now := clk.Now()
		it := lockItem{PK: pk, SK: sk, JobID: jobID, Until: clock.Format(deadline), TTL: deadline.Add(time.Hour).Unix()}
		tx := &dynamo.Tx{}
		tx.PutExpr(writeLock, it, expression.AttributeNotExists(expression.Name("pk")).
			Or(expression.Name("until").LessThan(expression.Value(clock.Format(now)))).
			Or(expression.Name("job_id").Equal(expression.Value(jobID))))
		err := table.Commit(ctx, tx, nil)
		if err == nil {
			return func() {
				tx := &dynamo.Tx{}
				tx.DeleteExpr(writeLock, pk, sk, expression.Name("job_id").Equal(expression.Value(jobID)))
				_ = table.Commit(context.WithoutCancel(ctx), tx, nil) // taken over after our lease: not ours to free
			}, nil
		}
		if !dynamo.FailedOn(err, writeLock) {
			return nil, apperr.Wrap("research.lock", err)
		}
		if time.Now().After(give) {
			return nil, jobs.ErrOutOfTime
		}
		select {
		case <-ctx.Done():
			return nil, errors.Join(jobs.ErrOutOfTime, ctx.Err())
		case <-time.After(lockPoll):
		}
	}
}
