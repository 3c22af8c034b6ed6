package jobs_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

var (
	errPlain = errors.New("upstream timed out")
	errCoded = apperr.New(apperr.Conflict, "The site changed while scanning.")
)

func TestSweepResendsLostMessage(t *testing.T) {
	ran := 0
	r := newRig(t, map[string]jobs.Runner{"k": jobs.RunnerFunc(func(context.Context, *jobs.Run) (any, error) {
		ran++
		return nil, nil
	})})
	acct := ids.New()
	j := r.add(t, acct, "k")
	r.queue.take() // the message is lost

	if n, err := r.worker.Sweep(context.Background()); err != nil || n != 0 {
		t.Fatalf("early sweep = %d, %v; want nothing due yet", n, err)
	}
	r.clock.Add(3 * time.Minute)
	n, err := r.worker.Sweep(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("sweep = %d, %v; want 1 message re-sent", n, err)
	}
	sent := r.queue.take()
	if len(sent) != 1 || sent[0].JobID != j.ID || sent[0].AccountID != acct {
		t.Fatalf("sweep sent %+v, want the job's message", sent)
	}
	if n, _ := r.worker.Sweep(context.Background()); n != 0 {
		t.Fatalf("second sweep at once re-sent %d, want 0 (due time pushed forward)", n)
	}
	if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
		t.Fatal(err)
	}
	if got := r.get(t, acct, j.ID); got.Status != jobs.Completed || ran != 1 {
		t.Fatalf("after re-sent message: status %q, runs %d", got.Status, ran)
	}
	r.clock.Add(time.Hour)
	if n, _ := r.worker.Sweep(context.Background()); n != 0 {
		t.Fatalf("sweep re-sent %d finished jobs", n)
	}
}

// TestSweepRetriesStalledAttemptThenGivesUp: a stalled attempt is retried
// until MaxAttempts; then the sweep re-sends it once more and the worker
// fails the job with internal_error, telling a runner that keeps state of
// its own (a GiveUpper) first (the scheduler's sweep has no runners).
func TestSweepRetriesStalledAttemptThenGivesUp(t *testing.T) {
	r := newRig(t, map[string]jobs.Runner{})
	rec := &givenUp{}
	acct := ids.New()
	j := r.add(t, acct, "stall")
	r.queue.take()
	for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
		claimAndAbandon(t, r, acct, j.ID)
		if attempt == jobs.MaxAttempts {
			r.worker.Runners["stall"] = rec
		}
		got := r.get(t, acct, j.ID)
		if got.Status != jobs.Running || got.Attempts != attempt {
			t.Fatalf("after abandoned attempt %d: %q attempts %d", attempt, got.Status, got.Attempts)
		}
		r.clock.Add(2 * time.Minute) // the one-minute lease expires
		n, err := r.worker.Sweep(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		sent := r.queue.take()
		if n != 1 || len(sent) != 1 {
			t.Fatalf("sweep after attempt %d re-sent %d (%d messages), want 1", attempt, n, len(sent))
		}
	}
	if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
		t.Fatal(err)
	}
	got := r.get(t, acct, j.ID)
	if got.Status != jobs.Failed || got.Error == nil || got.Error.Code != "internal_error" {
		t.Fatalf("stalled job after %d attempts = %q %+v, want failed internal_error", jobs.MaxAttempts, got.Status, got.Error)
	}
	if len(rec.errs) != 1 || rec.errs[0] != *got.Error {
		t.Fatalf("the runner was told %+v, want once %+v", rec.errs, *got.Error)
	}
}

// givenUp is a runner that records what it is told when its job is given
// up, and leaves failing the job to the worker.
type givenUp struct{ errs []jobs.Error }

func (*givenUp) Run(context.Context, *jobs.Run) (any, error) { return nil, errPlain }

func (g *givenUp) GiveUp(_ context.Context, _ *jobs.Run, e jobs.Error) error {
	g.errs = append(g.errs, e)
	return nil
}

// claimAndAbandon runs an attempt whose worker dies after claiming the job:
// the runner blocks until the test's context ends, so the job stays running.
func claimAndAbandon(t *testing.T, r *rig, acct, jobID string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	r.worker.Runners["stall"] = jobs.RunnerFunc(func(ctx context.Context, _ *jobs.Run) (any, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	})
	done := make(chan error, 1)
	go func() { done <- r.worker.Process(ctx, acct, jobID) }()
	<-started
	// The attempt is claimed; now the "function dies": its writes after
	// this point fail because the context is gone.
	cancel()
	<-done
}

func TestHandleReportsOnlyFailedRecords(t *testing.T) {
	r := newRig(t, map[string]jobs.Runner{"ok": jobs.RunnerFunc(func(context.Context, *jobs.Run) (any, error) { return nil, nil })})
	acct := ids.New()
	j := r.add(t, acct, "ok")
	broken := &jobs.Worker{Table: &dynamo.Table{Client: r.table.Client, Name: "no-such-table"}, Clock: r.clock, Enqueuer: r.worker.Enqueuer}
	ev := events.SQSEvent{Records: []events.SQSMessage{
		{MessageId: "m-bad-json", Body: "{not json"},
		{MessageId: "m-ok", Body: `{"account_id":"` + acct + `","job_id":"` + j.ID + `"}`},
	}}
	resp, err := r.worker.Handle(context.Background(), ev)
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("Handle = %+v, %v; want no failures (malformed dropped, job run)", resp, err)
	}
	if got := r.get(t, acct, j.ID); got.Status != jobs.Completed {
		t.Fatalf("job status %q, want completed", got.Status)
	}
	resp, err = broken.Handle(context.Background(), events.SQSEvent{Records: []events.SQSMessage{
		{MessageId: "m-1", Body: `{"account_id":"a","job_id":"b"}`},
		{MessageId: "m-2", Body: "[]"},
	}})
	if err != nil || len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "m-1" {
		t.Fatalf("Handle on a failing table = %+v, %v; want only m-1 reported", resp, err)
	}
}
