package par

import (
	"context"
	"sync"
	"time"
)

// A stage is the goroutines of one request that run its independent work at
// once (the caller that started it, and those Do and Each start for it), so
// that calls each would make alone can be made once for all of them: a call
// that can be gathered (Gather) waits until every goroutine of the stage
// waits too, on a gathered call or on another one (Waiting), and then goes
// out with the others of its kind as one. A goroutine that runs on (say, a
// cache lock held by another that waits) holds a gathered call back for at
// most MaxGatherWait.
type stage struct {
	ctx     context.Context // the stage's context for sending: no member, never cancelled
	maxWait time.Duration   // MaxGatherWait, but in tests

	mu      sync.Mutex
	running int            // members not waiting
	batches map[any]*batch // gathered calls not sent yet, by kind
	timer   *time.Timer    // sends them after MaxGatherWait
}

// MaxGatherWait is the longest a gathered call waits for the rest of its
// stage.
const MaxGatherWait = 500 * time.Microsecond

// batch is the gathered calls of one kind not sent yet: their items and the
// channel closed once their send has returned.
type batch struct {
	items []any
	send  func([]any)
	done  chan struct{}
}

// member is one goroutine of a stage. parked is true while it waits.
type member struct {
	s      *stage
	parked bool
}

type memberKey struct{}

// memberOf returns the stage member ctx's goroutine is, nil when none.
func memberOf(ctx context.Context) *member {
	m, _ := ctx.Value(memberKey{}).(*member)
	return m
}

// Staged returns ctx for a stage whose one member, for now, is the caller:
// Gather calls made with it and with the contexts Do and Each give the
// work they start are gathered. A ctx already in a stage is returned as it
// is (the caller stays a member of that stage).
func Staged(ctx context.Context) context.Context {
	return staged(ctx, MaxGatherWait)
}

// staged is Staged with the longest wait of a gathered call.
func staged(ctx context.Context, maxWait time.Duration) context.Context {
	if memberOf(ctx) != nil {
		return ctx
	}
	s := &stage{running: 1, batches: map[any]*batch{}, maxWait: maxWait}
	s.ctx = context.WithoutCancel(context.WithValue(ctx, memberKey{}, (*member)(nil)))
	return context.WithValue(ctx, memberKey{}, &member{s: s})
}

// alone returns ctx for work that is not a member of ctx's stage (work Go
// starts, which may outlive it).
func alone(ctx context.Context) context.Context {
	if memberOf(ctx) == nil {
		return ctx
	}
	return context.WithValue(ctx, memberKey{}, (*member)(nil))
}

// fork returns contexts for n new members of ctx's stage, counted as
// running from now (each is ctx itself when ctx is in no stage). Each
// member's goroutine must end with exit.
func fork(ctx context.Context, n int) []context.Context {
	out := make([]context.Context, n)
	m := memberOf(ctx)
	for i := range out {
		out[i] = ctx
	}
	if m == nil {
		return out
	}
	m.s.mu.Lock()
	m.s.running += n
	m.s.mu.Unlock()
	for i := range out {
		out[i] = context.WithValue(ctx, memberKey{}, &member{s: m.s})
	}
	return out
}

// exit ends ctx's member (a goroutine fork counted).
func exit(ctx context.Context) {
	if m := memberOf(ctx); m != nil {
		m.s.mu.Lock()
		m.s.running--
		m.s.sendIfAllWaitLocked()
		m.s.mu.Unlock()
	}
}

// Waiting runs fn, a wait for something outside ctx's stage (a call, the
// end of other members' work), with the caller counted as waiting, so the
// stage's gathered calls need not wait for it.
func Waiting(ctx context.Context, fn func()) {
	m := memberOf(ctx)
	if m == nil || !m.park() {
		fn()
		return
	}
	defer m.unpark()
	fn()
}

// park counts m as waiting; false when it already is (a goroutine sharing
// m's context waits already, so this one was never counted as running).
func (m *member) park() bool {
	m.s.mu.Lock()
	defer m.s.mu.Unlock()
	if m.parked {
		return false
	}
	m.parked = true
	m.s.running--
	m.s.sendIfAllWaitLocked()
	return true
}

func (m *member) unpark() {
	m.s.mu.Lock()
	m.parked = false
	m.s.running++
	m.s.mu.Unlock()
}

// Gather adds item to the calls of kind key gathered in ctx's stage and
// waits until they were sent together, by send with every item gathered
// (in a goroutine of its own, with a context of the stage's that is never
// cancelled). It returns false, having done nothing, when ctx is in no
// stage, its goroutine already waits, or every other member waits and
// nothing is gathered (the call would go out alone at once); and ctx.Err()
// when ctx ends first.
// Calls of one kind must have one send (for one table, say).
func Gather[T any](ctx context.Context, key any, item T, send func(context.Context, []T)) (bool, error) {
	m := memberOf(ctx)
	if m == nil {
		return false, nil
	}
	s := m.s
	s.mu.Lock()
	if m.parked {
		s.mu.Unlock()
		return false, nil
	}
	if s.running == 1 && len(s.batches) == 0 {
		// The caller is the only member not waiting and nothing is
		// gathered: the call would go out alone at once, so it is made
		// as it is, without a batch.
		s.mu.Unlock()
		return false, nil
	}
	b := s.batches[key]
	if b == nil {
		b = &batch{done: make(chan struct{}), send: func(items []any) {
			typed := make([]T, len(items))
			for i, it := range items {
				typed[i] = it.(T)
			}
			send(s.ctx, typed)
		}}
		s.batches[key] = b
	}
	b.items = append(b.items, item)
	m.parked = true
	s.running--
	if s.running <= 0 {
		s.start(s.takeLocked())
	} else if s.timer == nil {
		s.timer = time.AfterFunc(s.maxWait, s.sendNow)
	}
	s.mu.Unlock()
	defer m.unpark()
	select {
	case <-b.done:
		return true, nil
	case <-ctx.Done():
		return true, ctx.Err()
	}
}

// sendIfAllWaitLocked sends the gathered calls when no member runs. s.mu
// is held.
func (s *stage) sendIfAllWaitLocked() {
	if s.running <= 0 && len(s.batches) > 0 {
		s.start(s.takeLocked())
	}
}

// sendNow sends the gathered calls, whoever still runs (MaxGatherWait has
// passed).
func (s *stage) sendNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.timer = nil
	if len(s.batches) > 0 {
		s.start(s.takeLocked())
	}
}

// takeLocked returns the gathered calls and starts a new gathering. s.mu
// is held.
func (s *stage) takeLocked() []*batch {
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	taken := make([]*batch, 0, len(s.batches))
	for _, b := range s.batches {
		taken = append(taken, b)
	}
	s.batches = map[any]*batch{}
	return taken
}

// start sends each batch in a goroutine of its own.
func (s *stage) start(batches []*batch) {
	for _, b := range batches {
		go b.run(s.ctx)
	}
}

// run sends the batch's calls and then lets their callers go; a panic in
// the send ends it without an answer for them.
func (b *batch) run(ctx context.Context) {
	defer close(b.done)
	_ = safely(ctx, func(context.Context) error { b.send(b.items); return nil })
}

// Pending is work started beside the rest of a request (Begin), whose
// result a later step waits for.
type Pending struct {
	done chan struct{}
	err  error
}

// Begin runs fn in a goroutine of its own, a member of ctx's stage, and
// returns its Pending. A panic in fn becomes its error.
func Begin(ctx context.Context, fn func(context.Context) error) *Pending {
	p := &Pending{done: make(chan struct{})}
	ctx = fork(ctx, 1)[0]
	go func() {
		defer close(p.done)
		defer exit(ctx)
		p.err = safely(ctx, fn)
	}()
	return p
}

// Wait waits for the work (counted as waiting in ctx's stage) and returns
// its error.
func (p *Pending) Wait(ctx context.Context) error {
	Waiting(ctx, func() { <-p.done })
	return p.err
}

// Done is closed when the work has ended.
func (p *Pending) Done() <-chan struct{} { return p.done }

// Err is the work's error, once Done is closed.
func (p *Pending) Err() error { return p.err }
