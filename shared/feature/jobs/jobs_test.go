package jobs_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// sentMessage is one message a fakeQueue received.
type sentMessage struct {
	AccountID string `json:"account_id"`
	JobID     string `json:"job_id"`
	Delay     time.Duration
}

// fakeQueue records the messages sent to it instead of delivering them.
type fakeQueue struct {
	mu   sync.Mutex
	sent []sentMessage
}

func (q *fakeQueue) Send(_ context.Context, body []byte, delay time.Duration) error {
	var m sentMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return err
	}
	m.Delay = delay
	q.mu.Lock()
	q.sent = append(q.sent, m)
	q.mu.Unlock()
	return nil
}

// take returns the messages sent so far and forgets them.
func (q *fakeQueue) take() []sentMessage {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.sent
	q.sent = nil
	return out
}

// rig is a worker on a fresh table with a fixed clock and a fake queue.
type rig struct {
	table  *dynamo.Table
	clock  *clock.Fixed
	queue  *fakeQueue
	worker *jobs.Worker
	store  *jobs.Store
}

func newRig(t *testing.T, runners map[string]jobs.Runner) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	r := &rig{table: dynamotest.Table(t), clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, queue: &fakeQueue{}}
	enq := &jobs.Enqueuer{Clock: r.clock, Queue: r.queue}
	r.worker = &jobs.Worker{Table: r.table, Clock: r.clock, Enqueuer: enq, Runners: runners, Lease: time.Minute}
	r.store = &jobs.Store{Table: r.table, Poll: 20 * time.Millisecond}
	return r
}

// add commits a new job of kind for account and returns it.
func (r *rig) add(t *testing.T, accountID, kind string) jobs.Job {
	t.Helper()
	tx := &dynamo.Tx{}
	j := r.worker.Enqueuer.Add(tx, accountID, "site-1", kind, map[string]any{"n": 1})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatalf("commit job: %v", err)
	}
	return j
}

func (r *rig) get(t *testing.T, accountID, jobID string) jobs.Job {
	t.Helper()
	j, err := r.store.Get(context.Background(), accountID, jobID)
	if err != nil {
		t.Fatalf("get job: %v", err)
	}
	return j
}

func TestAddSendsOneMessageAfterCommit(t *testing.T) {
	r := newRig(t, nil)
	acct := ids.New()
	j := r.add(t, acct, "site.scan")
	sent := r.queue.take()
	if len(sent) != 1 || sent[0].JobID != j.ID || sent[0].AccountID != acct || sent[0].Delay != 0 {
		t.Fatalf("sent = %+v, want one immediate message for job %s", sent, j.ID)
	}
	got := r.get(t, acct, j.ID)
	if got.Status != jobs.Queued || got.Kind != "site.scan" || got.Attempts != 0 || got.SiteID == nil || *got.SiteID != "site-1" {
		t.Fatalf("stored job = %+v", got)
	}
	if string(got.Result) != "null" || got.Error != nil || got.StartedAt != nil || got.FinishedAt != nil {
		t.Fatalf("new job has result/error/times: %+v", got)
	}
}

func TestProcessOutcomes(t *testing.T) {
	cases := []struct {
		name      string
		kind      string
		runner    jobs.RunnerFunc
		status    string
		errCode   string
		result    string
		attempts  int
		requeued  bool
		wantDelay time.Duration
	}{
		{
			name:   "success stores the result",
			kind:   "ok",
			runner: func(context.Context, *jobs.Run) (any, error) { return map[string]int{"pages": 3}, nil },
			status: jobs.Completed, result: `{"pages":3}`, attempts: 1,
		},
		{
			name:   "unknown kind fails with unsupported_job",
			kind:   "no.such.kind",
			status: jobs.Failed, errCode: "unsupported_job", result: "null", attempts: 1,
		},
		{
			name:   "coded error fails at once",
			kind:   "coded",
			runner: func(context.Context, *jobs.Run) (any, error) { return nil, errCoded },
			status: jobs.Failed, errCode: "conflict", result: "null", attempts: 1,
		},
		{
			name:   "internal error is retried",
			kind:   "flaky",
			runner: func(context.Context, *jobs.Run) (any, error) { return nil, errPlain },
			status: jobs.Queued, attempts: 1, requeued: true, wantDelay: 10 * time.Second, result: "null",
		},
		{
			name:   "panic is retried",
			kind:   "panics",
			runner: func(context.Context, *jobs.Run) (any, error) { panic("boom") },
			status: jobs.Queued, attempts: 1, requeued: true, wantDelay: 10 * time.Second, result: "null",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			runners := map[string]jobs.Runner{}
			if c.runner != nil {
				runners[c.kind] = c.runner
			}
			r := newRig(t, runners)
			acct := ids.New()
			j := r.add(t, acct, c.kind)
			r.queue.take()
			if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
				t.Fatalf("Process: %v", err)
			}
			got := r.get(t, acct, j.ID)
			if got.Status != c.status || got.Attempts != c.attempts || string(got.Result) != c.result {
				t.Fatalf("job = status %q attempts %d result %s, want %q %d %s", got.Status, got.Attempts, got.Result, c.status, c.attempts, c.result)
			}
			if c.errCode == "" && got.Error != nil {
				t.Fatalf("error = %+v, want none", got.Error)
			}
			if c.errCode != "" && (got.Error == nil || got.Error.Code != c.errCode || got.Error.Message == "") {
				t.Fatalf("error = %+v, want code %q with a message", got.Error, c.errCode)
			}
			if got.Terminal() && got.FinishedAt == nil {
				t.Fatal("ended job has no finished_at")
			}
			sent := r.queue.take()
			if c.requeued != (len(sent) == 1) || (c.requeued && sent[0].Delay != c.wantDelay) {
				t.Fatalf("requeue messages = %+v, want requeued=%v with delay %v", sent, c.requeued, c.wantDelay)
			}
		})
	}
}

func TestUnsupportedJobMessageNamesKind(t *testing.T) {
	r := newRig(t, nil)
	acct := ids.New()
	j := r.add(t, acct, "mystery.kind")
	if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
		t.Fatal(err)
	}
	got := r.get(t, acct, j.ID)
	want := `This service cannot run jobs of kind "mystery.kind".`
	if got.Error == nil || got.Error.Message != want {
		t.Fatalf("error = %+v, want message %q", got.Error, want)
	}
}

func TestRetriesThenFailsAfterMaxAttempts(t *testing.T) {
	calls := 0
	r := newRig(t, map[string]jobs.Runner{"flaky": jobs.RunnerFunc(func(context.Context, *jobs.Run) (any, error) {
		calls++
		return nil, errPlain
	})})
	acct := ids.New()
	j := r.add(t, acct, "flaky")
	r.queue.take()
	var delays []time.Duration
	for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
		if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
			t.Fatalf("attempt %d: %v", attempt, err)
		}
		for _, m := range r.queue.take() {
			delays = append(delays, m.Delay)
		}
		r.clock.Add(time.Minute)
	}
	got := r.get(t, acct, j.ID)
	if got.Status != jobs.Failed || got.Attempts != jobs.MaxAttempts || calls != jobs.MaxAttempts {
		t.Fatalf("job status %q attempts %d runner calls %d, want failed after %d", got.Status, got.Attempts, calls, jobs.MaxAttempts)
	}
	if got.Error == nil || got.Error.Code != "internal_error" {
		t.Fatalf("error = %+v, want internal_error", got.Error)
	}
	want := []time.Duration{10 * time.Second, 40 * time.Second}
	if len(delays) != len(want) || delays[0] != want[0] || delays[1] != want[1] {
		t.Fatalf("retry delays = %v, want %v", delays, want)
	}
	// A late duplicate message changes nothing once the job has ended.
	if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
		t.Fatal(err)
	}
	if again := r.get(t, acct, j.ID); again.Attempts != jobs.MaxAttempts || calls != jobs.MaxAttempts {
		t.Fatalf("duplicate message ran the job again: attempts %d calls %d", again.Attempts, calls)
	}
}

func TestDuplicateMessageRunsJobOnce(t *testing.T) {
	calls := 0
	r := newRig(t, map[string]jobs.Runner{"once": jobs.RunnerFunc(func(context.Context, *jobs.Run) (any, error) {
		calls++
		return "done", nil
	})})
	acct := ids.New()
	j := r.add(t, acct, "once")
	for i := 0; i < 3; i++ {
		if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 1 {
		t.Fatalf("runner ran %d times, want 1", calls)
	}
}

func TestCompleteInEndsJobInRunnersTransaction(t *testing.T) {
	var r *rig
	r = newRig(t, map[string]jobs.Runner{"tx": jobs.RunnerFunc(func(ctx context.Context, run *jobs.Run) (any, error) {
		tx := &dynamo.Tx{}
		run.CompleteIn(tx, r.clock.Now(), map[string]string{"via": "tx"})
		return nil, r.table.Commit(ctx, tx, nil)
	})})
	acct := ids.New()
	j := r.add(t, acct, "tx")
	if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
		t.Fatal(err)
	}
	got := r.get(t, acct, j.ID)
	if got.Status != jobs.Completed || string(got.Result) != `{"via":"tx"}` {
		t.Fatalf("job = %q %s, want completed with the runner's result", got.Status, got.Result)
	}
}

func TestProcessMissingJobIsDone(t *testing.T) {
	r := newRig(t, nil)
	if err := r.worker.Process(context.Background(), ids.New(), ids.Sortable()); err != nil {
		t.Fatalf("Process of a missing job = %v, want nil (nothing to retry)", err)
	}
}

// TestAttemptDeadlineIsItsLease: a runner is told when its attempt's lease
// ends (the sweep may start another attempt then), and ErrOutOfTime puts
// the job back in the queue for a retry rather than failing it.
func TestAttemptDeadlineIsItsLease(t *testing.T) {
	var deadline time.Time
	r := newRig(t, map[string]jobs.Runner{"slow": jobs.RunnerFunc(func(_ context.Context, run *jobs.Run) (any, error) {
		deadline = run.Deadline()
		return nil, jobs.ErrOutOfTime
	})})
	acct := ids.New()
	j := r.add(t, acct, "slow")
	start := r.clock.Now()
	if err := r.worker.Process(context.Background(), acct, j.ID); err != nil {
		t.Fatal(err)
	}
	if !deadline.Equal(start.Add(r.worker.Lease)) {
		t.Fatalf("deadline %v, want the lease's end %v", deadline, start.Add(r.worker.Lease))
	}
	if got := r.get(t, acct, j.ID); got.Status != jobs.Queued || got.Attempts != 1 {
		t.Fatalf("job after running out of time %+v, want queued for a retry", got)
	}
}
