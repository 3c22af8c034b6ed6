// Package faults injects failures at named points, so tests can show what
// happens when a function dies mid-way (for example right after a
// transaction committed) or the model fails. Only the dev stack arms an
// Injector, through POST /_dev/faults; production code knows nothing of it:
// the Injector is the table's dynamo.CommitFault, and Model wraps the
// language model.
package faults

import (
	"context"
	"errors"
	"sync"

	"rvcontent/shared/platform/dynamo"
)

// Points where a failure can be injected.
const (
	// AfterCommit fails an API request right after the transaction that
	// carries its effect committed, before any after-commit work
	// (enqueueing, event dispatch) runs: as if the function died there.
	// Background work and bookkeeping writes never trip it.
	AfterCommit = "after_commit"
	// ArticleGeneration fails the next article-writing model call.
	ArticleGeneration = "article_generation"
	// ForumDraft fails the next forum draft's model call.
	ForumDraft = "forum_draft"
)

// Points lists every point POST /_dev/faults accepts.
var Points = []string{AfterCommit, ArticleGeneration, ForumDraft}

// ErrInjected is the error an armed point returns.
var ErrInjected = errors.New("faults: injected failure")

// Injector holds armed failure points. The zero value has none armed.
type Injector struct {
	mu    sync.Mutex
	armed map[string]int
}

var _ dynamo.CommitFault = (*Injector)(nil)

// Arm makes the next times calls of Fail(point) fail.
func (i *Injector) Arm(point string, times int) {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.armed == nil {
		i.armed = map[string]int{}
	}
	i.armed[point] += times
}

// Disarm drops every armed point, as if none had been armed.
func (i *Injector) Disarm() {
	i.mu.Lock()
	defer i.mu.Unlock()
	clear(i.armed)
}

// Fail returns ErrInjected if point is armed, using up one arming.
func (i *Injector) Fail(point string) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.armed[point] > 0 {
		i.armed[point]--
		return ErrInjected
	}
	return nil
}

// AfterCommit fails an API request's committed transaction when
// AfterCommit is armed (dynamo.CommitFault). Work outside an API request
// (jobs, deliveries, the scheduler) never trips it.
func (i *Injector) AfterCommit(ctx context.Context) error {
	if !InRequest(ctx) {
		return nil
	}
	return i.Fail(AfterCommit)
}

type requestKey struct{}

// WithRequest marks ctx as serving an API request, the only work the
// AfterCommit point applies to. The dev stack marks every request it hands
// to a function.
func WithRequest(ctx context.Context) context.Context {
	return context.WithValue(ctx, requestKey{}, true)
}

// InRequest reports whether ctx serves an API request.
func InRequest(ctx context.Context) bool {
	v, _ := ctx.Value(requestKey{}).(bool)
	return v
}
