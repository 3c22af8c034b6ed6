// Package clock is the service's one source of time. Every time read goes
// through a Clock so the dev stack can move time forward for every function
// at once.
package clock

import (
	"sync"
	"time"
)

// Clock tells the current time.
type Clock interface {
	Now() time.Time
}

// System is the machine's clock, in UTC.
type System struct{}

// Now returns the current UTC time.
func (System) Now() time.Time { return time.Now().UTC() }

// Offset is a clock that runs Offset ahead of the machine's clock. It can only
// move forward. The dev stack shares one Offset between every function.
type Offset struct {
	mu     sync.RWMutex
	offset time.Duration
}

// Now returns the machine's time plus the offset, in UTC.
func (o *Offset) Now() time.Time {
	o.mu.RLock()
	defer o.mu.RUnlock()
	return time.Now().UTC().Add(o.offset)
}

// MaxOffset is how far ahead of the machine's clock an Offset may run: a
// century, well inside what a time.Duration holds.
const MaxOffset = 100 * 365 * 24 * time.Hour

// Advance moves the clock forward by d (negative values are ignored) and
// returns the new offset. It refuses (ok false, nothing moved) a move that
// would take the offset past MaxOffset.
func (o *Offset) Advance(d time.Duration) (offset time.Duration, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if d > MaxOffset-o.offset {
		return o.offset, false
	}
	if d > 0 {
		o.offset += d
	}
	return o.offset, true
}

// Set sets the offset if it is ahead of the current one (time never runs back).
func (o *Offset) Set(d time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if d > o.offset {
		o.offset = d
	}
}

// Current returns the offset.
func (o *Offset) Current() time.Duration {
	o.mu.RLock()
	defer o.mu.RUnlock()
	return o.offset
}

// Fixed is a clock stopped at a moment; tests move it by hand.
type Fixed struct {
	mu sync.Mutex
	T  time.Time
}

// Now returns the fixed moment.
func (f *Fixed) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.T
}

// Add moves the fixed moment by d.
func (f *Fixed) Add(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.T = f.T.Add(d)
}

// EndSecond returns the whole second at or after t, in UTC: the end to
// keep of something that lasts until t where only whole Unix seconds are
// stored (a link's token, an item's expires_at), so it never ends sooner
// than t.
func EndSecond(t time.Time) time.Time {
	end := t.Truncate(time.Second)
	if end.Before(t) {
		end = end.Add(time.Second)
	}
	return end.UTC()
}

// Format renders t as the API's timestamp: RFC 3339 in UTC with microseconds.
func Format(t time.Time) string { return t.UTC().Format(Layout) }

// Layout is the timestamp layout of every API response: UTC, microseconds.
const Layout = "2006-01-02T15:04:05.000000Z"

// SortKey renders t so that string order is time order (fixed width, UTC,
// nanoseconds).
func SortKey(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000000Z") }

// IsSortKey reports whether s is a time exactly as SortKey writes it: what
// a cursor holding a sort key's time must hold.
func IsSortKey(s string) bool {
	t, err := time.Parse(time.RFC3339Nano, s)
	return err == nil && SortKey(t) == s
}

// Parse reads an RFC 3339 timestamp as the API accepts it.
func Parse(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, err
	}
	return t.UTC(), nil
}
