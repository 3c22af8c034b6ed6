// Package jobs runs the service's asynchronous work (spec 4.1): a job item
// is written in the same transaction as the request that starts it, a message
// on the jobs queue wakes the worker, and GET /jobs/{job_id}?wait=N lets a
// caller wait for the end. The worker retries failures, reports jobs of a
// kind it cannot run as failed, and a scheduled sweep re-queues jobs whose
// message or worker was lost.
package jobs

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/workqueues"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/queue"
)

// Job statuses.
const (
	Queued    = "queued"
	Running   = "running"
	Completed = "completed"
	Failed    = "failed"
)

// DueKind is the due-work kind of unfinished jobs, for the sweep.
const DueKind = "job"

// Retention is how long a job is kept after it ends: finishing sets the
// table's TTL attribute to its end plus Retention, and past that time (on
// the service clock) it is neither listed nor returned, before the table
// deletes it. A job that has not ended is kept.
const Retention = 30 * 24 * time.Hour

// MaxAttempts is how many times the worker tries a job before it fails.
const MaxAttempts = 3

// DefaultLease is how long one attempt at a job may run (the jobs worker
// function's timeout) when the Worker sets no Lease: past it the sweep
// starts another attempt.
const DefaultLease = workqueues.JobsTimeout

// Error says why a job failed.
type Error struct {
	Code    string `json:"code" dynamodbav:"code"`
	Message string `json:"message" dynamodbav:"message"`
}

// Job is a job as the API shows it.
type Job struct {
	ID         string          `json:"id" dynamodbav:"id"`
	Kind       string          `json:"kind" dynamodbav:"kind"`
	Status     string          `json:"status" dynamodbav:"status"`
	SiteID     *string         `json:"site_id" dynamodbav:"site_id"`
	CreatedAt  string          `json:"created_at" dynamodbav:"created_at"`
	StartedAt  *string         `json:"started_at" dynamodbav:"started_at,omitempty"`
	FinishedAt *string         `json:"finished_at" dynamodbav:"finished_at,omitempty"`
	UpdatedAt  string          `json:"updated_at" dynamodbav:"updated_at"`
	Attempts   int             `json:"attempts" dynamodbav:"attempts"`
	Result     json.RawMessage `json:"result" dynamodbav:"result"`
	Error      *Error          `json:"error" dynamodbav:"error"`
}

// Terminal reports whether the job has ended.
func (j Job) Terminal() bool { return j.Status == Completed || j.Status == Failed }

// item is a job as stored.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Job
	AccountID  string          `dynamodbav:"account_id"`
	Input      json.RawMessage `dynamodbav:"input"`
	LeaseUntil int64           `dynamodbav:"lease_until"`
	GSI1PK     string          `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK     string          `dynamodbav:"gsi1sk,omitempty"`
	// TTL is when the table deletes the job (Unix seconds; 0 until it ends).
	TTL int64 `dynamodbav:"ttl,omitempty"`
}

// expired reports whether the job's retention has passed at now.
func (it item) expired(now time.Time) bool { return it.TTL > 0 && it.TTL <= now.Unix() }

// message is the queue message that wakes the worker for a job.
type message struct {
	AccountID string `json:"account_id"`
	JobID     string `json:"job_id"`
}

// requeueAfter is how long a queued job waits before the sweep re-sends its
// message (the first message may have been lost).
const requeueAfter = 2 * time.Minute

// Enqueuer creates jobs.
type Enqueuer struct {
	Clock clock.Clock
	Queue queue.Sender
}

// Add adds a new job of kind for account (and site, when not empty) with
// input to tx, and sends its queue message after commit. It returns the job
// as created.
func (e *Enqueuer) Add(tx *dynamo.Tx, accountID, siteID, kind string, input any) Job {
	return e.AddAfter(tx, accountID, siteID, kind, input, 0)
}

// AddAfter is Add for a job that runs delay after the commit (at most the
// queue's longest delay, 15 minutes); the sweep re-sends its message only
// once it is overdue.
func (e *Enqueuer) AddAfter(tx *dynamo.Tx, accountID, siteID, kind string, input any, delay time.Duration) Job {
	now := e.Clock.Now()
	raw, _ := json.Marshal(input)
	if input == nil {
		raw = json.RawMessage("{}")
	}
	j := Job{ID: ids.Sortable(), Kind: kind, Status: Queued, CreatedAt: clock.Format(now), UpdatedAt: clock.Format(now), Result: json.RawMessage("null")}
	if siteID != "" {
		j.SiteID = aws.String(siteID)
	}
	tx.PutNew("job", item{
		PK: dynamo.AccountPK(accountID), SK: dynamo.JobSK(j.ID), Job: j, AccountID: accountID, Input: raw,
		GSI1PK: dynamo.DuePK(DueKind), GSI1SK: dueKey(now.Add(delay+requeueAfter), accountID, j.ID),
	})
	tx.AfterCommit(func(ctx context.Context) {
		if err := e.send(ctx, accountID, j.ID, delay); err != nil {
			slog.WarnContext(ctx, "enqueue job; the sweep will retry", "job_id", j.ID, "err", err)
		}
	})
	return j
}

func (e *Enqueuer) send(ctx context.Context, accountID, jobID string, delay time.Duration) error {
	b, _ := json.Marshal(message{AccountID: accountID, JobID: jobID})
	return e.Queue.Send(ctx, b, delay)
}

func dueKey(t time.Time, accountID, jobID string) string {
	return dynamo.TimeKey(clock.SortKey(t), accountID+"#"+jobID)
}
