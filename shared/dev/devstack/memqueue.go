package devstack

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/workqueues"
	"rvcontent/shared/platform/queue"
)

// BatchHandler is an SQS-triggered Lambda handler.
type BatchHandler func(context.Context, events.SQSEvent) (events.SQSEventResponse, error)

// MemQueue stands in for an SQS queue with a Lambda consumer: it delivers
// messages in batches of up to BatchSize as events.SQSEvent, at most
// Workers batches at once, redelivers the records a batch reports in
// BatchItemFailures, and moves a message that failed MaxReceives times to
// its dead-letter list. Delays are measured on the service clock, so
// moving the dev clock releases delayed messages. NewWorkQueue sets it up
// as the CDK stack sets up the queue's event source.
type MemQueue struct {
	Name        string
	Clock       clock.Clock
	Handler     BatchHandler
	MaxReceives int // 3 when zero
	Workers     int // concurrent batches; 2 when zero
	BatchSize   int // messages per batch at most; 10 when zero

	mu       sync.Mutex
	pending  []*memMessage
	inflight int
	dead     []*memMessage
	paused   bool
	wake     chan struct{}
}

type memMessage struct {
	id        string
	body      string
	visibleAt time.Time
	receives  int
	sentAt    time.Time
}

var _ queue.Sender = (*MemQueue)(nil)

// NewMemQueue returns a queue named name that delivers to handler.
func NewMemQueue(name string, c clock.Clock, handler BatchHandler) *MemQueue {
	return &MemQueue{Name: name, Clock: c, Handler: handler, wake: make(chan struct{}, 1)}
}

// NewWorkQueue returns the queue of spec, delivering to handler with the
// batch size, concurrency and receive count a deployed queue has.
func NewWorkQueue(spec workqueues.Spec, c clock.Clock, handler BatchHandler) *MemQueue {
	q := NewMemQueue(spec.Name, c, handler)
	q.BatchSize, q.Workers, q.MaxReceives = spec.BatchSize, spec.MaxConcurrency, spec.MaxReceives
	return q
}

// Send queues body to become visible after delay (capped like SQS).
func (q *MemQueue) Send(_ context.Context, body []byte, delay time.Duration) error {
	if delay > queue.MaxDelay {
		delay = queue.MaxDelay
	}
	now := q.Clock.Now()
	q.mu.Lock()
	q.pending = append(q.pending, &memMessage{id: ids.New(), body: string(body), visibleAt: now.Add(delay), sentAt: now})
	q.mu.Unlock()
	q.poke()
	return nil
}

func (q *MemQueue) poke() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Run delivers messages until ctx ends.
func (q *MemQueue) Run(ctx context.Context) {
	workers := q.Workers
	if workers == 0 {
		workers = 2
	}
	sem := make(chan struct{}, workers)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		for {
			batch := q.take()
			if batch == nil {
				break
			}
			sem <- struct{}{}
			go func() {
				defer func() { <-sem }()
				q.deliver(ctx, batch)
			}()
		}
		select {
		case <-ctx.Done():
			return
		case <-q.wake:
		case <-tick.C:
		}
	}
}

// Pause stops handing messages to the handler until Resume; messages sent
// meanwhile wait. Benchmarks build a backlog with it.
func (q *MemQueue) Pause() {
	q.mu.Lock()
	q.paused = true
	q.mu.Unlock()
}

// Resume hands messages to the handler again after Pause.
func (q *MemQueue) Resume() {
	q.mu.Lock()
	q.paused = false
	q.mu.Unlock()
	q.poke()
}

// take removes up to BatchSize visible messages and marks them in flight.
func (q *MemQueue) take() []*memMessage {
	now := q.Clock.Now()
	size := q.BatchSize
	if size == 0 {
		size = 10
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.paused {
		return nil
	}
	var batch, rest []*memMessage
	for _, m := range q.pending {
		if len(batch) < size && !m.visibleAt.After(now) {
			batch = append(batch, m)
		} else {
			rest = append(rest, m)
		}
	}
	if len(batch) == 0 {
		return nil
	}
	q.pending = rest
	q.inflight += len(batch)
	return batch
}

func (q *MemQueue) deliver(ctx context.Context, batch []*memMessage) {
	ev := events.SQSEvent{}
	byID := map[string]*memMessage{}
	for _, m := range batch {
		m.receives++
		byID[m.id] = m
		ev.Records = append(ev.Records, events.SQSMessage{
			MessageId:      m.id,
			ReceiptHandle:  m.id,
			Body:           m.body,
			EventSource:    "aws:sqs",
			EventSourceARN: "arn:aws:sqs:us-east-1:000000000000:" + q.Name,
			AWSRegion:      "us-east-1",
			Attributes: map[string]string{
				"ApproximateReceiveCount": strconv.Itoa(m.receives),
				"SentTimestamp":           strconv.FormatInt(m.sentAt.UnixMilli(), 10),
			},
		})
	}
	failed := map[string]bool{}
	resp, err := q.safeHandle(ctx, ev)
	if err != nil {
		slog.Error("queue batch failed", "queue", q.Name, "err", err)
		for id := range byID {
			failed[id] = true
		}
	}
	for _, f := range resp.BatchItemFailures {
		failed[f.ItemIdentifier] = true
	}
	max := q.MaxReceives
	if max == 0 {
		max = 3
	}
	now := q.Clock.Now()
	q.mu.Lock()
	for id := range failed {
		m := byID[id]
		if m == nil {
			continue
		}
		if m.receives >= max {
			slog.Error("message moved to dead-letter list", "queue", q.Name, "message_id", id)
			q.dead = append(q.dead, m)
			continue
		}
		m.visibleAt = now.Add(time.Duration(m.receives) * time.Second)
		q.pending = append(q.pending, m)
	}
	q.inflight -= len(batch)
	q.mu.Unlock()
	q.poke()
}

func (q *MemQueue) safeHandle(ctx context.Context, ev events.SQSEvent) (resp events.SQSEventResponse, err error) {
	defer func() {
		if p := recover(); p != nil {
			slog.Error("queue handler panicked", "queue", q.Name, "panic", p)
			err = context.Canceled
		}
	}()
	return q.Handler(ctx, ev)
}

// Idle reports whether no message is visible or in flight (delayed messages
// not yet due do not count).
func (q *MemQueue) Idle() bool {
	now := q.Clock.Now()
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.inflight > 0 {
		return false
	}
	for _, m := range q.pending {
		if !m.visibleAt.After(now) {
			return false
		}
	}
	return true
}

// Dead returns the bodies of dead-lettered messages.
func (q *MemQueue) Dead() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := make([]string, len(q.dead))
	for i, m := range q.dead {
		out[i] = m.body
	}
	return out
}
