// Package testenv starts a dev stack for black-box tests and gives them a
// small HTTP client for the agent API and the /_dev harness. Tests talk to
// the stack only over HTTP, as any client would.
package testenv

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
	"rvcontent/test/dynamotest"
)

// Env is a running dev stack.
type Env struct {
	URL   string
	Stack *devstack.Stack
	// Calls counts the DynamoDB calls the stack makes (benchmarks read it).
	Calls *dynamo.CallCounter
}

// Options change the stack a test starts.
type Options struct {
	// Configure adjusts the service configuration before start.
	Configure func(*config.Config)
	// SchedulerEvery as in devstack.Options (0: the default tick).
	SchedulerEvery time.Duration
	// Payments as in devstack.Options (nil: the simulated processor).
	Payments payments.Processor
}

// Start starts a dev stack with its own table for t and stops it when t
// ends.
func Start(t testing.TB, opts ...Options) *Env {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	cfg, err := config.Dev()
	if err != nil {
		t.Fatal(err)
	}
	cfg.TableName = dynamotest.UniqueName("e2e")
	if o.Configure != nil {
		o.Configure(&cfg)
	}
	counter := &dynamo.CallCounter{}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := devstack.Start(ctx, devstack.Options{
		DynamoEndpoint: dynamotest.Endpoint(t),
		Config:         &cfg,
		SchedulerEvery: o.SchedulerEvery,
		Counter:        counter,
		Payments:       o.Payments,
	})
	if err != nil {
		t.Fatalf("start dev stack: %v", err)
	}
	t.Cleanup(s.Close)
	return &Env{URL: s.URL, Stack: s, Calls: counter}
}

var (
	sharedOnce sync.Once
	shared     *Env
	sharedT    = &keepAlive{}
)

// StartQuiet starts a dev stack of t's own without the background
// scheduler, so the clock moves and scheduled work runs only when the test
// says; under -short the test is skipped.
func StartQuiet(t testing.TB) *Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	return Start(t, Options{SchedulerEvery: -1})
}

// Shared returns one dev stack for every test of the package that asks for
// it; it stops when the test binary exits. Tests that need their own
// configuration call Start.
func Shared(t testing.TB) *Env {
	t.Helper()
	sharedOnce.Do(func() { shared = Start(sharedT) })
	if shared == nil {
		t.Fatal("shared dev stack did not start")
	}
	return shared
}

// keepAlive is a testing.TB whose cleanups never run: the shared stack lives
// as long as the test binary.
type keepAlive struct{ testing.TB }

func (k *keepAlive) Helper()                        {}
func (k *keepAlive) Cleanup(func())                 {}
func (k *keepAlive) Fatalf(format string, a ...any) { panicf(format, a...) }
func (k *keepAlive) Fatal(a ...any)                 { panicf("%v", a...) }

func panicf(format string, a ...any) {
	panic("testenv: shared stack failed to start: " + fmt.Sprintf(format, a...))
}
