package testenv

import (
	"testing"
	"time"
)

// NextMinute moves the service clock to one second past the start of the
// next clock minute, so the requests that follow fall in one fresh window
// of the per-minute limits.
func (e *Env) NextMinute(t testing.TB) {
	t.Helper()
	now, err := time.Parse(time.RFC3339Nano, e.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	next := now.Truncate(time.Minute).Add(time.Minute + time.Second)
	e.Advance(t, next.Sub(now).Seconds())
}
