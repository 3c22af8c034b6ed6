// Package par runs the independent pieces of a request's work at the same
// time, so reads that do not depend on each other cost one round trip
// rather than one each, and lets work that must not delay the answer run
// beside it (Go) while the request still waits for it before it ends. In a
// stage (Staged), calls that the pieces would each make alone and that can
// go out together (reads of one table) are gathered into one (Gather).
package par

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
)

// Do runs every fn at once and, once all have returned, returns the first
// non-nil error in argument order: a check listed first (say, "the site is
// the caller's") decides the answer over what the reads after it found. A
// panic in fn becomes its error.
func Do(ctx context.Context, fns ...func(context.Context) error) error {
	if len(fns) == 1 {
		return fns[0](ctx)
	}
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	ctxs := fork(ctx, len(fns)-1)
	for i, fn := range fns[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer exit(ctxs[i])
			errs[i+1] = safely(ctxs[i], fn)
		}()
	}
	errs[0] = fns[0](ctx)
	Waiting(ctx, wg.Wait)
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// safely runs fn, turning a panic into an error.
func safely(ctx context.Context, fn func(context.Context) error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("par: panic: %v\n%s", p, debug.Stack())
		}
	}()
	return fn(ctx)
}

// Group is the work a request started with Go, which it waits for before
// it ends.
type Group struct{ wg sync.WaitGroup }

type groupKey struct{}

// WithGroup returns ctx carrying a new Group, and the function that waits
// for the work Go started in it.
func WithGroup(ctx context.Context) (context.Context, func()) {
	g := &Group{}
	return context.WithValue(ctx, groupKey{}, g), g.wg.Wait
}

// Go runs fn beside the rest of the request when ctx carries a Group (the
// request waits for it before it ends, as a Lambda function must finish
// its work before it answers), and at once otherwise. fn must not fail the
// request: it reports its own errors.
func Go(ctx context.Context, fn func(context.Context)) {
	g, ok := ctx.Value(groupKey{}).(*Group)
	if !ok {
		fn(ctx)
		return
	}
	g.wg.Add(1)
	ctx = alone(ctx)
	go func() {
		defer g.wg.Done()
		_ = safely(ctx, func(ctx context.Context) error { fn(ctx); return nil })
	}()
}

// Each runs fn(ctx, i) for every i from 0 to n-1, at most limit at once
// (all at once when limit < 1), and returns each call's error by i once
// all have returned. A panic in fn becomes its error.
func Each(ctx context.Context, n, limit int, fn func(ctx context.Context, i int) error) []error {
	errs := make([]error, n)
	if limit < 1 || limit > n {
		limit = n
	}
	slots := make(chan struct{}, max(limit, 1))
	var wg sync.WaitGroup
	// Every call is a member of ctx's stage from the start (one waiting
	// for its slot counts as running), so the first to gather waits for
	// the others.
	ctxs := fork(ctx, n)
	Waiting(ctx, func() {
		for i := 0; i < n; i++ {
			slots <- struct{}{}
			wg.Add(1)
			ctx := ctxs[i]
			go func() {
				defer wg.Done()
				defer func() { <-slots }()
				defer exit(ctx)
				errs[i] = safely(ctx, func(ctx context.Context) error { return fn(ctx, i) })
			}()
		}
		wg.Wait()
	})
	return errs
}
