package par

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestDoRunsAtOnceAndPrefersTheFirstError(t *testing.T) {
	first, second := errors.New("first"), errors.New("second")
	// Each function waits until all three have started: run one after
	// another, they would never all start.
	var started atomic.Int32
	all := make(chan struct{})
	meet := func() error {
		if started.Add(1) == 3 {
			close(all)
		}
		select {
		case <-all:
			return nil
		case <-time.After(5 * time.Second):
			return errors.New("the functions did not run at once")
		}
	}
	err := Do(context.Background(),
		func(context.Context) error {
			if err := meet(); err != nil {
				return err
			}
			return first
		},
		func(context.Context) error {
			if err := meet(); err != nil {
				return err
			}
			return second
		},
		func(context.Context) error { return meet() },
	)
	if !errors.Is(err, first) {
		t.Fatalf("err = %v, want the first argument's", err)
	}
}

func TestDoTurnsAPanicIntoAnError(t *testing.T) {
	err := Do(context.Background(), func(context.Context) error { return nil }, func(context.Context) error { panic("boom") })
	if err == nil {
		t.Fatal("no error for a panic")
	}
}

func TestGoIsWaitedForByItsGroup(t *testing.T) {
	var done atomic.Bool
	ctx, wait := WithGroup(context.Background())
	Go(ctx, func(context.Context) { time.Sleep(20 * time.Millisecond); done.Store(true) })
	if done.Load() {
		t.Fatal("Go ran in the caller's goroutine despite a group")
	}
	wait()
	if !done.Load() {
		t.Fatal("wait returned before the work ended")
	}
	ran := false
	Go(context.Background(), func(context.Context) { ran = true })
	if !ran {
		t.Fatal("without a group, Go did not run the work at once")
	}
}

func TestEachKeepsToItsLimitAndReturnsEveryError(t *testing.T) {
	var running, most atomic.Int32
	boom := errors.New("boom")
	errs := Each(context.Background(), 12, 3, func(_ context.Context, i int) error {
		n := running.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		running.Add(-1)
		if i == 7 {
			return boom
		}
		if i == 9 {
			panic("nine")
		}
		return nil
	})
	if m := most.Load(); m > 3 {
		t.Fatalf("%d ran at once, limit 3", m)
	}
	for i, err := range errs {
		switch {
		case i == 7 && !errors.Is(err, boom), i == 9 && err == nil:
			t.Fatalf("call %d: err %v", i, err)
		case i != 7 && i != 9 && err != nil:
			t.Fatalf("call %d: err %v", i, err)
		}
	}
}
