package par

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
)

// sends records what each send of gathered items got.
type sends struct {
	mu  sync.Mutex
	got [][]int
}

func (s *sends) send(_ context.Context, items []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sorted := slices.Clone(items)
	slices.Sort(sorted)
	s.got = append(s.got, sorted)
}

func (s *sends) all() [][]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.got)
}

func gather(t *testing.T, ctx context.Context, s *sends, item int) {
	t.Helper()
	ok, err := Gather(ctx, "kind", item, s.send)
	if !ok || err != nil {
		t.Errorf("Gather(%d) = %v, %v; want gathered", item, ok, err)
	}
}

// patient is a stage whose gathered calls wait for every member, however
// long (the tests that show what waits for what).
func patient() context.Context { return staged(context.Background(), time.Hour) }

func TestGatherSendsOnceWhenEveryMemberWaits(t *testing.T) {
	var s sends
	ctx := patient()
	release := make(chan struct{})
	_ = Do(ctx, func(ctx context.Context) error {
		gather(t, ctx, &s, 1)
		close(release)
		return nil
	}, func(ctx context.Context) error {
		time.Sleep(20 * time.Millisecond) // runs on a while, then gathers: 1 waits for it
		gather(t, ctx, &s, 2)
		return nil
	}, func(ctx context.Context) error {
		// Waits on something outside the stage (the first send), so the
		// first send does not wait for it.
		Waiting(ctx, func() { <-release })
		return nil
	})
	if got := s.all(); len(got) != 1 || !slices.Equal(got[0], []int{1, 2}) {
		t.Fatalf("sends %v, want one send of [1 2]", got)
	}
}

func TestALoneCallIsNotGathered(t *testing.T) {
	var s sends
	ctx := patient()
	// The only member, or the only one not waiting with nothing gathered:
	// the call would go out alone at once, so the caller makes it.
	if ok, err := Gather(ctx, "kind", 1, s.send); ok || err != nil {
		t.Fatalf("a lone Gather = %v, %v; want it left to the caller", ok, err)
	}
	release := make(chan struct{})
	_ = Do(ctx, func(ctx context.Context) error {
		Waiting(ctx, func() { <-release })
		return nil
	}, func(ctx context.Context) error {
		time.Sleep(10 * time.Millisecond) // the other member waits by now
		defer close(release)
		if ok, err := Gather(ctx, "kind", 2, s.send); ok || err != nil {
			t.Errorf("Gather beside a waiting member = %v, %v; want it left to the caller", ok, err)
		}
		return nil
	})
	if got := s.all(); len(got) != 0 {
		t.Fatalf("sends %v, want none", got)
	}
}

func TestGatherWaitsForARunningMemberAtMostMaxGatherWait(t *testing.T) {
	var s sends
	ctx := Staged(context.Background())
	stop := make(chan struct{})
	var took time.Duration
	_ = Do(ctx, func(ctx context.Context) error {
		start := time.Now()
		gather(t, ctx, &s, 1)
		took = time.Since(start)
		close(stop)
		return nil
	}, func(ctx context.Context) error {
		<-stop // blocked without saying so (not Waiting) until the first item is back
		return nil
	})
	if got := s.all(); len(got) != 1 || !slices.Equal(got[0], []int{1}) {
		t.Fatalf("sends %v, want [1] alone", got)
	}
	if took < MaxGatherWait {
		t.Fatalf("the item went out after %v, before MaxGatherWait with a member running", took)
	}
}

func TestGatherOutsideAStageDoesNothing(t *testing.T) {
	var s sends
	ok, err := Gather(context.Background(), "kind", 1, s.send)
	if ok || err != nil || len(s.all()) != 0 {
		t.Fatalf("Gather outside a stage = %v, %v, sends %v", ok, err, s.all())
	}
	// Work Go starts is no member of its request's stage either.
	ctx, wait := WithGroup(Staged(context.Background()))
	Go(ctx, func(ctx context.Context) {
		if ok, _ := Gather(ctx, "kind", 2, s.send); ok {
			t.Error("Go's work gathered in the request's stage")
		}
	})
	wait()
}

func TestGatherKeepsKindsApart(t *testing.T) {
	var a, b sends
	ctx := patient()
	_ = Do(ctx, func(ctx context.Context) error {
		gather(t, ctx, &a, 1)
		return nil
	}, func(ctx context.Context) error {
		time.Sleep(10 * time.Millisecond) // 1 is gathered by now
		if ok, err := Gather(ctx, "other", 2, b.send); !ok || err != nil {
			t.Errorf("Gather = %v, %v", ok, err)
		}
		return nil
	})
	if got := a.all(); len(got) != 1 || !slices.Equal(got[0], []int{1}) {
		t.Fatalf("kind sends %v, want [1]", got)
	}
	if got := b.all(); len(got) != 1 || !slices.Equal(got[0], []int{2}) {
		t.Fatalf("other kind sends %v, want [2]", got)
	}
}

func TestGatherEndsWithItsContext(t *testing.T) {
	slow, hold := make(chan struct{}), make(chan struct{})
	defer close(slow)
	_ = Do(patient(), func(ctx context.Context) error {
		defer close(hold)
		ctx, cancel := context.WithCancel(ctx)
		cancel()
		ok, err := Gather(ctx, "kind", 1, func(context.Context, []int) { <-slow })
		if !ok || err != context.Canceled {
			t.Errorf("Gather with an ended context = %v, %v", ok, err)
		}
		return nil
	}, func(context.Context) error {
		<-hold // runs on (not waiting) until the first has returned
		return nil
	})
}

func TestBeginIsAMemberAndWaitCountsAsWaiting(t *testing.T) {
	var s sends
	ctx := patient()
	p := Begin(ctx, func(ctx context.Context) error {
		gather(t, ctx, &s, 1)
		return nil
	})
	gather(t, ctx, &s, 2)
	if err := p.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got := s.all(); len(got) != 1 || !slices.Equal(got[0], []int{1, 2}) {
		t.Fatalf("sends %v, want one send of [1 2]", got)
	}
	<-p.Done()
	if p.Err() != nil {
		t.Fatal(p.Err())
	}
}

func TestEachMembersGatherTogether(t *testing.T) {
	var s sends
	ctx := patient()
	Each(ctx, 4, 0, func(ctx context.Context, i int) error {
		gather(t, ctx, &s, i)
		return nil
	})
	if got := s.all(); len(got) != 1 || !slices.Equal(got[0], []int{0, 1, 2, 3}) {
		t.Fatalf("sends %v, want one send of [0 1 2 3]", got)
	}
}
