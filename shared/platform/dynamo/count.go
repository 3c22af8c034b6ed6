package dynamo

import (
	"context"
	"sort"
	"sync"
	"time"

	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/smithy-go/middleware"
)

// CallCounter counts DynamoDB calls per operation. Attach it to a client's
// options with Attach; benchmarks use it to report calls per request. It
// can also keep each call's span (Record), from which Rounds tells how many
// calls a request made one after another, and slow every call down
// (SetDelay), so that calls made concurrently overlap for certain.
type CallCounter struct {
	mu     sync.Mutex
	calls  map[string]int
	record bool
	spans  []Span
	delay  time.Duration
}

// Span is one DynamoDB call: its operation and when it started and ended,
// as the SDK's middleware saw it.
type Span struct {
	Op         string
	Start, End time.Time
}

// Attach adds the counter to an SDK options' middleware stack.
func (c *CallCounter) Attach(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("CountDynamoCalls",
		func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
			op := awsmiddleware.GetOperationName(ctx)
			c.mu.Lock()
			if c.calls == nil {
				c.calls = map[string]int{}
			}
			c.calls[op]++
			record, delay := c.record, c.delay
			c.mu.Unlock()
			start := time.Now()
			if delay > 0 {
				time.Sleep(delay)
			}
			out, md, err := next.HandleInitialize(ctx, in)
			if record {
				c.mu.Lock()
				c.spans = append(c.spans, Span{Op: op, Start: start, End: time.Now()})
				c.mu.Unlock()
			}
			return out, md, err
		}), middleware.After)
}

// Snapshot returns the counts so far and resets them.
func (c *CallCounter) Snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.calls
	c.calls = map[string]int{}
	return out
}

// Record turns keeping the spans of calls on or off.
func (c *CallCounter) Record(on bool) {
	c.mu.Lock()
	c.record = on
	c.mu.Unlock()
}

// Spans returns the spans kept so far, in the order the calls ended, and
// forgets them.
func (c *CallCounter) Spans() []Span {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.spans
	c.spans = nil
	return out
}

// SetDelay makes every call wait d before it is sent (0: no wait).
func (c *CallCounter) SetDelay(d time.Duration) {
	c.mu.Lock()
	c.delay = d
	c.mu.Unlock()
}

// Rounds returns how many of spans ran one after another: the length of
// the longest chain of calls each of which started after the one before
// it ended. Calls made concurrently overlap and count once.
func Rounds(spans []Span) int {
	s := append([]Span(nil), spans...)
	sort.Slice(s, func(i, j int) bool { return s[i].Start.Before(s[j].Start) })
	depth := make([]int, len(s))
	best := 0
	for i := range s {
		depth[i] = 1
		for j := 0; j < i; j++ {
			if !s[j].End.After(s[i].Start) && depth[j]+1 > depth[i] {
				depth[i] = depth[j] + 1
			}
		}
		best = max(best, depth[i])
	}
	return best
}
