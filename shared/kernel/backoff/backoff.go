// Package backoff paces retries: those of a write that lost a race with
// another write of the same item (a random pause that grows with each
// attempt, so writers that met once do not meet again at once), and, with
// Wait, those of a call a service refused for load or failed.
package backoff

import (
	"context"
	"math/rand/v2"
	"time"
)

// Step is how much the longest pause grows with each attempt.
const Step = 5 * time.Millisecond

// Pause waits a random time below min(attempt × Step, longest) before the
// next attempt of a write whose attempt number attempt (from 1) lost a
// race, or until ctx ends, whose error it then returns.
func Pause(ctx context.Context, attempt int, longest time.Duration) error {
	return Wait(ctx, min(time.Duration(max(attempt, 1))*Step, longest))
}

// Wait waits a random time below bound (none when bound is not positive),
// or until ctx ends, whose error it then returns.
func Wait(ctx context.Context, bound time.Duration) error {
	if bound <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(time.Duration(rand.Int64N(int64(bound))))
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Attempts is how often Retry runs a write that keeps losing races, and
// LongestPause the longest pause between two of its attempts.
const (
	Attempts     = 5
	LongestPause = 50 * time.Millisecond
)

// Retry runs write, one read-modify-write, again while its error is a lost
// race (lost reports which errors are), after a Pause, up to Attempts
// times in all; the last attempt's answer stands. It returns ctx's error
// when ctx ends during a pause.
func Retry[T any](ctx context.Context, lost func(error) bool, write func() (T, error)) (T, error) {
	for attempt := 1; ; attempt++ {
		v, err := write()
		if err == nil || !lost(err) || attempt == Attempts {
			return v, err
		}
		if err := Pause(ctx, attempt, LongestPause); err != nil {
			var zero T
			return zero, err
		}
	}
}
