package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Run is one attempt at a job, handed to its Runner.
type Run struct {
	Job       Job
	AccountID string
	Input     json.RawMessage

	attempt  int
	finished bool
	deadline time.Time
}

// Deadline is when this attempt's lease ends (service clock): from then on
// the sweep may start another attempt, so a runner that works in steps
// starts none that could end after it and returns ErrOutOfTime instead; the
// job is retried and goes on from what the steps done recorded.
func (r *Run) Deadline() time.Time { return r.deadline }

// ErrOutOfTime is what a runner returns when its attempt reached its
// Deadline before the work was done: the worker retries the job (up to
// MaxAttempts).
var ErrOutOfTime = errors.New("jobs: the attempt ran out of time")

// CompleteIn adds the job's completion with result to tx, so a runner that
// commits its effects in a transaction ends the job in the same one.
func (r *Run) CompleteIn(tx *dynamo.Tx, now time.Time, result any) {
	u, err := finishUpdate(now, r.attempt, Completed, result, nil)
	if err != nil {
		return
	}
	tx.Update("job:complete", dynamo.AccountPK(r.AccountID), dynamo.JobSK(r.Job.ID), u)
	r.finished = true
}

// Runner does the work of one job kind. An error with a code other than
// internal_error fails the job at once with that code and message; any other
// error is retried up to MaxAttempts.
type Runner interface {
	Run(ctx context.Context, run *Run) (result any, err error)
}

// GiveUpper is a Runner whose work leaves state of its own that must show a
// failure when the worker gives its job up (after MaxAttempts failed
// attempts, or attempts that stopped responding): a scan that would
// otherwise stay running. GiveUp records that failure with jobErr and may
// end the job in the same transaction (Run.FailIn); the worker fails the
// job itself when GiveUp did not, or returned an error.
type GiveUpper interface {
	GiveUp(ctx context.Context, run *Run, jobErr Error) error
}

// RunnerFunc adapts a function to Runner.
type RunnerFunc func(ctx context.Context, run *Run) (any, error)

// Run calls f.
func (f RunnerFunc) Run(ctx context.Context, run *Run) (any, error) { return f(ctx, run) }

// Worker consumes the jobs queue.
type Worker struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Enqueuer *Enqueuer
	Runners  map[string]Runner
	// Lease is how long an attempt may run before the sweep may retry it
	// (DefaultLease when zero).
	Lease time.Duration
}

// Handle processes an SQS batch, reporting records to retry in
// BatchItemFailures so one bad message does not retry the batch.
func (w *Worker) Handle(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
	var resp events.SQSEventResponse
	for _, rec := range ev.Records {
		var m message
		if err := json.Unmarshal([]byte(rec.Body), &m); err != nil || m.AccountID == "" || m.JobID == "" {
			slog.ErrorContext(ctx, "drop malformed job message", "message_id", rec.MessageId)
			continue // retrying cannot fix it
		}
		if err := w.Process(ctx, m.AccountID, m.JobID); err != nil {
			slog.ErrorContext(ctx, "job message will be retried", "job_id", m.JobID, "err", err)
			resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
		}
	}
	return resp, nil
}

// Process runs one attempt of a job, or gives the job up when its last
// attempt stopped responding (the sweep re-sent it past its lease). It
// returns an error only when the attempt could not be recorded, so the
// message should come back.
func (w *Worker) Process(ctx context.Context, accountID, jobID string) error {
	var it item
	err := w.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.JobSK(jobID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if it.Terminal() {
		return nil
	}
	now := w.Clock.Now()
	if it.Status == Running && it.Attempts >= MaxAttempts && it.LeaseUntil < now.UnixMilli() {
		// Its last attempt stopped responding: give it up with its runner,
		// which ends the state of its own (a scan) with it.
		run := &Run{Job: it.Job, AccountID: accountID, Input: it.Input, attempt: it.Attempts, deadline: now}
		jobErr := Error{Code: "internal_error", Message: "The job stopped responding and was given up after several attempts. Start it again later."}
		return w.giveUp(ctx, w.Runners[it.Kind], run, jobErr)
	}
	attempt, ok, err := w.claim(ctx, it, now)
	if err != nil || !ok {
		return err
	}
	run := &Run{Job: it.Job, AccountID: accountID, Input: it.Input, attempt: attempt, deadline: now.Add(w.lease())}
	run.Job.Status, run.Job.Attempts = Running, attempt
	runner, known := w.Runners[it.Kind]
	if !known {
		return w.finish(ctx, run, Failed, nil, &Error{Code: "unsupported_job", Message: fmt.Sprintf("This service cannot run jobs of kind %q.", it.Kind)})
	}
	result, runErr := safeRun(ctx, runner, run)
	if runErr == nil {
		if run.finished {
			return nil
		}
		return w.finish(ctx, run, Completed, result, nil)
	}
	code := apperr.CodeOf(runErr)
	if code != apperr.Internal {
		msg := runErr.Error()
		var e *apperr.Error
		if errors.As(runErr, &e) {
			msg = e.Message
		}
		return w.finish(ctx, run, Failed, nil, &Error{Code: string(code), Message: msg})
	}
	slog.WarnContext(ctx, "job attempt failed", "job_id", jobID, "kind", it.Kind, "attempt", attempt, "err", runErr)
	if attempt >= MaxAttempts {
		return w.giveUp(ctx, runner, run, Error{Code: "internal_error", Message: fmt.Sprintf("The job failed after %d attempts. Start it again later.", attempt)})
	}
	return w.retry(ctx, accountID, jobID, attempt, now)
}

func safeRun(ctx context.Context, r Runner, run *Run) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("job runner panicked: %v", p)
		}
	}()
	return r.Run(ctx, run)
}

// claim marks the job running for this attempt, unless another attempt holds
// an unexpired lease.
func (w *Worker) claim(ctx context.Context, it item, now time.Time) (int, bool, error) {
	lease := w.lease()
	attempt := it.Attempts + 1
	_, err := w.Table.Update(ctx, it.PK, it.SK, &dynamodb.UpdateItemInput{
		UpdateExpression: aws.String("SET #status = :running, attempts = :attempt, started_at = if_not_exists(started_at, :now), " +
			"updated_at = :now, lease_until = :lease, gsi1pk = :due, gsi1sk = :duesk"),
		ConditionExpression:      aws.String("attempts = :prev AND (#status = :queued OR (#status = :running AND lease_until < :nowms))"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":running": &types.AttributeValueMemberS{Value: Running},
			":queued":  &types.AttributeValueMemberS{Value: Queued},
			":attempt": &types.AttributeValueMemberN{Value: strconv.Itoa(attempt)},
			":prev":    &types.AttributeValueMemberN{Value: strconv.Itoa(it.Attempts)},
			":now":     &types.AttributeValueMemberS{Value: clock.Format(now)},
			":nowms":   &types.AttributeValueMemberN{Value: strconv.FormatInt(now.UnixMilli(), 10)},
			":lease":   &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(lease).UnixMilli(), 10)},
			":due":     &types.AttributeValueMemberS{Value: dynamo.DuePK(DueKind)},
			":duesk":   &types.AttributeValueMemberS{Value: dueKey(now.Add(lease), it.AccountID, it.ID)},
		},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return 0, false, nil // another attempt runs it
	}
	return attempt, err == nil, err
}

// lease is how long an attempt may run: Lease, or DefaultLease.
func (w *Worker) lease() time.Duration {
	if w.Lease == 0 {
		return DefaultLease
	}
	return w.Lease
}

func finishUpdate(now time.Time, attempt int, status string, result any, jobErr *Error) (*types.Update, error) {
	raw := json.RawMessage("null")
	if result != nil {
		b, err := json.Marshal(result)
		if err != nil {
			return nil, err
		}
		raw = b
	}
	resAV, err := attributevalue.Marshal(raw)
	if err != nil {
		return nil, err
	}
	errAV, err := attributevalue.Marshal(jobErr)
	if err != nil {
		return nil, err
	}
	return &types.Update{
		UpdateExpression:         aws.String("SET #status = :status, finished_at = :now, updated_at = :now, #result = :result, #error = :error, #ttl = :ttl REMOVE gsi1pk, gsi1sk, lease_until"),
		ConditionExpression:      aws.String("#status = :running AND attempts = :attempt"),
		ExpressionAttributeNames: map[string]string{"#status": "status", "#result": "result", "#error": "error", "#ttl": dynamo.TTL},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":status":  &types.AttributeValueMemberS{Value: status},
			":running": &types.AttributeValueMemberS{Value: Running},
			":attempt": &types.AttributeValueMemberN{Value: strconv.Itoa(attempt)},
			":now":     &types.AttributeValueMemberS{Value: clock.Format(now)},
			":result":  resAV,
			":error":   errAV,
			":ttl":     &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(Retention).Unix(), 10)},
		},
	}, nil
}

func (w *Worker) finish(ctx context.Context, run *Run, status string, result any, jobErr *Error) error {
	u, err := finishUpdate(w.Clock.Now(), run.attempt, status, result, jobErr)
	if err != nil {
		return err
	}
	_, err = w.Table.Update(ctx, dynamo.AccountPK(run.AccountID), dynamo.JobSK(run.Job.ID), &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil // a later attempt took over
	}
	return err
}

// giveUp fails the job with jobErr, letting a GiveUpper runner record the
// failure on its own state first.
func (w *Worker) giveUp(ctx context.Context, runner Runner, run *Run, jobErr Error) error {
	if g, ok := runner.(GiveUpper); ok {
		err := g.GiveUp(ctx, run, jobErr)
		if err == nil && run.finished {
			return nil
		}
		if err != nil {
			slog.ErrorContext(ctx, "job give-up not recorded by its runner", "job_id", run.Job.ID, "kind", run.Job.Kind, "err", err)
		}
	}
	return w.finish(ctx, run, Failed, nil, &jobErr)
}

// retry puts the job back in the queue with a growing delay.
func (w *Worker) retry(ctx context.Context, accountID, jobID string, attempt int, now time.Time) error {
	delay := time.Duration(attempt*attempt) * 10 * time.Second
	_, err := w.Table.Update(ctx, dynamo.AccountPK(accountID), dynamo.JobSK(jobID), &dynamodb.UpdateItemInput{
		UpdateExpression:         aws.String("SET #status = :queued, updated_at = :now, gsi1sk = :duesk REMOVE lease_until"),
		ConditionExpression:      aws.String("#status = :running AND attempts = :attempt"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":queued":  &types.AttributeValueMemberS{Value: Queued},
			":running": &types.AttributeValueMemberS{Value: Running},
			":attempt": &types.AttributeValueMemberN{Value: strconv.Itoa(attempt)},
			":now":     &types.AttributeValueMemberS{Value: clock.Format(now)},
			":duesk":   &types.AttributeValueMemberS{Value: dueKey(now.Add(delay+requeueAfter), accountID, jobID)},
		},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil
	}
	if err != nil {
		return err
	}
	return w.Enqueuer.send(ctx, accountID, jobID, delay)
}
