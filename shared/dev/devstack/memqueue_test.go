package devstack

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/kernel/clock"
)

// TestMemQueueRetriesFailedRecordsThenDeadLetters delivers a batch in which
// one record fails every time: the others are delivered once, the failing
// one comes back with a growing receive count until it moves to the
// dead-letter list.
func TestMemQueueRetriesFailedRecordsThenDeadLetters(t *testing.T) {
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var mu sync.Mutex
	received := map[string][]string{} // body -> receive counts seen
	q := NewMemQueue("test", clk, func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		mu.Lock()
		defer mu.Unlock()
		for _, r := range ev.Records {
			if r.EventSource != "aws:sqs" || r.MessageId == "" {
				t.Errorf("record %+v does not look like SQS", r)
			}
			received[r.Body] = append(received[r.Body], r.Attributes["ApproximateReceiveCount"])
			if r.Body == "bad" {
				resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: r.MessageId})
			}
		}
		return resp, nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go q.Run(ctx)
	for _, body := range []string{"a", "bad", "b"} {
		if err := q.Send(ctx, []byte(body), 0); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(q.Dead()) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no dead letter; received %v", received)
		}
		clk.Add(5 * time.Second) // failed records become visible again
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	got := fmt.Sprint(received["a"], received["b"], received["bad"])
	if got != "[1] [1] [1 2 3]" {
		t.Fatalf("receive counts (a, b, bad) = %s, want [1] [1] [1 2 3]", got)
	}
	if dead := q.Dead(); len(dead) != 1 || dead[0] != "bad" {
		t.Fatalf("dead letters = %v", dead)
	}
}

// TestMemQueueDelayFollowsServiceClock holds a delayed message until the
// service clock reaches its time.
func TestMemQueueDelayFollowsServiceClock(t *testing.T) {
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	got := make(chan string, 10)
	q := NewMemQueue("test", clk, func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		for _, r := range ev.Records {
			got <- r.Body
		}
		return events.SQSEventResponse{}, nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go q.Run(ctx)
	_ = q.Send(ctx, []byte("later"), time.Minute)
	_ = q.Send(ctx, []byte("now"), 0)
	if b := <-got; b != "now" {
		t.Fatalf("first delivery %q, want the undelayed message", b)
	}
	for deadline := time.Now().Add(5 * time.Second); !q.Idle(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a queue holding only a message not yet due is not idle")
		}
	}
	clk.Add(time.Minute)
	select {
	case b := <-got:
		if b != "later" {
			t.Fatalf("delivered %q", b)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the delayed message was not delivered once due")
	}
}

// TestMemQueueBatchesOfTen delivers at most ten records per batch.
func TestMemQueueBatchesOfTen(t *testing.T) {
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var mu sync.Mutex
	var sizes []int
	var bodies []string
	q := NewMemQueue("test", clk, func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		mu.Lock()
		defer mu.Unlock()
		sizes = append(sizes, len(ev.Records))
		for _, r := range ev.Records {
			bodies = append(bodies, r.Body)
		}
		return events.SQSEventResponse{}, nil
	})
	for i := 0; i < 25; i++ {
		_ = q.Send(context.Background(), []byte(strconv.Itoa(i)), 0)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go q.Run(ctx)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(bodies)
		mu.Unlock()
		if n == 25 && q.Idle() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivered %d of 25", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	sort.Ints(sizes)
	if fmt.Sprint(sizes) != "[5 10 10]" {
		t.Fatalf("batch sizes %v, want 10, 10 and 5", sizes)
	}
}
