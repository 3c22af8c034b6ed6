package jobs

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
)

// MaxWait is the longest GET /jobs/{job_id}?wait=N holds a request. API
// Gateway ends any request at 30 seconds, so waits stop short of it.
const MaxWait = 25 * time.Second

// MaxWaitParam is the largest wait (seconds) GET /jobs/{job_id} takes;
// the answer still comes after MaxWait at most.
const MaxWaitParam = 30

// Store reads jobs.
type Store struct {
	Table *dynamo.Table
	// Clock is the service clock, by which a job past its Retention is
	// gone; when nil, jobs are shown until the table deletes them.
	Clock clock.Clock
	// Poll is how often Wait rereads the job; 250 ms when zero.
	Poll time.Duration
}

// now is the time by which Retention is counted: the zero time when the
// store has no clock, before every job's end.
func (s *Store) now() time.Time {
	if s.Clock == nil {
		return time.Time{}
	}
	return s.Clock.Now()
}

// ErrNotFound is returned for a job that is not the account's.
var ErrNotFound = apperr.NotFoundf("No job with that id on this account.")

// Get returns the account's job jobID.
func (s *Store) Get(ctx context.Context, accountID, jobID string) (Job, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.JobSK(jobID), &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.expired(s.now())) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, apperr.Wrap("jobs.Get", err)
	}
	return it.Job, nil
}

// Wait returns the job as soon as it has ended, or as it is after wait
// (capped at MaxWait), or when ctx ends.
func (s *Store) Wait(ctx context.Context, accountID, jobID string, wait time.Duration) (Job, error) {
	if wait > MaxWait {
		wait = MaxWait
	}
	poll := s.Poll
	if poll == 0 {
		poll = 250 * time.Millisecond
	}
	deadline := time.Now().Add(wait)
	for {
		j, err := s.Get(ctx, accountID, jobID)
		if err != nil || j.Terminal() || time.Now().Add(poll).After(deadline) {
			return j, err
		}
		select {
		case <-ctx.Done():
			return j, nil
		case <-time.After(poll):
		}
	}
}

// Filter narrows GET /jobs: each list, when set, holds the values a job
// may have.
type Filter struct {
	SiteID   string
	Kinds    []string
	Statuses []string
}

// Kinds are the job kinds GET /jobs lists (an account's erasure is a job
// nobody can list), and Statuses its statuses.
var (
	Kinds    = []string{"site.scan", "research", "article.generate", "integration.sync", "forum.sweep"}
	Statuses = []string{Queued, Running, Completed, Failed}
)

// List returns the account's jobs, newest first. Errors:
// validation_failed for an unknown kind or status, or a bad cursor.
func (s *Store) List(ctx context.Context, accountID string, f Filter, limit int, cursor string) ([]Job, string, error) {
	if err := input.Filter("kind", f.Kinds, Kinds); err != nil {
		return nil, "", err
	}
	if err := input.Filter("status", f.Statuses, Statuses); err != nil {
		return nil, "", err
	}
	cur, err := dynamo.DecodeCursor(cursor)
	if err != nil || !jobCursor(cur) {
		return nil, "", apperr.BadCursor()
	}
	q := dynamo.PartitionPrefix(dynamo.AccountPK(accountID), dynamo.JobPrefix)
	// Jobs past their retention are left out on the service clock: the
	// table's TTL deletes them late, and never under the dev clock.
	q = q.Filter(expression.Or(expression.AttributeNotExists(expression.Name(dynamo.TTL)),
		expression.Name(dynamo.TTL).GreaterThan(expression.Value(s.now().Unix()))))
	if f.SiteID != "" {
		q = q.Filter(dynamo.AttrIn("site_id", []string{f.SiteID}))
	}
	if len(f.Kinds) > 0 {
		q = q.Filter(dynamo.AttrIn("kind", f.Kinds))
	}
	if len(f.Statuses) > 0 {
		q = q.Filter(dynamo.AttrIn("status", f.Statuses))
	}
	in, err := q.Input()
	if err != nil {
		return nil, "", apperr.Wrap("jobs.List", err)
	}
	in.ScanIndexForward = aws.Bool(false)
	items, next, err := dynamo.QueryPage[item](ctx, s.Table, in, limit, cur, dynamo.AccountPK(accountID))
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", apperr.BadCursor()
	}
	if err != nil {
		return nil, "", apperr.Wrap("jobs.List", err)
	}
	out := make([]Job, len(items))
	for i, it := range items {
		out[i] = it.Job
	}
	return out, next, nil
}

// jobCursor reports whether c (nil for none) is a cursor of this list: its
// sort key is a job's, JobPrefix and an id in the form the service issues
// (dynamo.QueryPage refuses any other key). The key condition only asks
// for the prefix, so DynamoDB would start a page after any made-up key
// with it ("JOB#", "JOB#zzz") instead of refusing it as every list
// refuses a cursor it did not issue.
func jobCursor(c dynamo.Cursor) bool {
	if c == nil {
		return true
	}
	id, ok := strings.CutPrefix(c["sk"], dynamo.JobPrefix)
	return ok && ids.Issued(id)
}
