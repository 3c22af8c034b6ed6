// Package faults injects failures at named points, so tests can show what
// happens when a function dies mid-way (for example right after a
// transaction committed). Only the dev stack arms an Injector; a nil
// Injector never fails.
package faults

import (
	"context"
	"errors"
	"sync"
)

// Points where a failure can be injected.
const (
	// AfterCommit fails an API request right after the transaction that
	// carries its effect committed, before any after-commit work
	// (enqueueing, event dispatch) runs: as if the function died there.
	// Background work and bookkeeping writes never trip it.
	AfterCommit = "after_commit"
)

// ErrInjected is the error an armed point returns.
var ErrInjected = errors.New("faults: injected failure")

// Injector holds armed failure points.
type Injector struct {
	mu    sync.Mutex
	armed map[string]int
}

// Arm makes the next times calls of Fail(point) fail.
func (i *Injector) Arm(point string, times int) {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.armed == nil {
		i.armed = map[string]int{}
	}
	i.armed[point] += times
}

// Fail returns ErrInjected if point is armed, using up one arming.
func (i *Injector) Fail(point string) error {
	if i == nil {
		return nil
	}
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.armed[point] > 0 {
		i.armed[point]--
		return ErrInjected
	}
	return nil
}

type requestKey struct{}

// WithRequest marks ctx as serving an API request, the only work armed
// points apply to.
func WithRequest(ctx context.Context) context.Context {
	return context.WithValue(ctx, requestKey{}, true)
}

// InRequest reports whether ctx serves an API request.
func InRequest(ctx context.Context) bool {
	v, _ := ctx.Value(requestKey{}).(bool)
	return v
}
