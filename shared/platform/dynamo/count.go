package dynamo

import (
	"context"
	"sync"

	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/smithy-go/middleware"
)

// CallCounter counts DynamoDB calls per operation. Attach it to a client's
// options with Attach; benchmarks use it to report calls per request.
type CallCounter struct {
	mu    sync.Mutex
	calls map[string]int
}

// Attach adds the counter to an SDK options' middleware stack.
func (c *CallCounter) Attach(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("CountDynamoCalls",
		func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
			c.mu.Lock()
			if c.calls == nil {
				c.calls = map[string]int{}
			}
			c.calls[awsmiddleware.GetOperationName(ctx)]++
			c.mu.Unlock()
			return next.HandleInitialize(ctx, in)
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
