package backoff

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestPauseStaysBelowItsBound(t *testing.T) {
	for attempt := range 5 {
		start := time.Now()
		if err := Pause(context.Background(), attempt, 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 20*time.Millisecond+50*time.Millisecond {
			t.Errorf("attempt %d paused %v", attempt, d)
		}
	}
}

func TestPauseEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Pause(ctx, 1000, time.Hour); err == nil {
		t.Error("a cancelled context's pause returned no error")
	}
}

// TestRetryRunsAgainOnlyAfterALostRace: a lost race is tried again up to
// Attempts times in all, and any other answer, success or error, stands
// at once.
func TestRetryRunsAgainOnlyAfterALostRace(t *testing.T) {
	race, other := errors.New("lost a race"), errors.New("refused")
	lost := func(err error) bool { return errors.Is(err, race) }
	for _, c := range []struct {
		name    string
		answers []error
		runs    int
		want    error
	}{
		{"success at once", []error{nil}, 1, nil},
		{"success after two races", []error{race, race, nil}, 3, nil},
		{"another error stands", []error{race, other}, 2, other},
		{"races to the last attempt", []error{race, race, race, race, race, nil}, Attempts, race},
	} {
		runs := 0
		n, err := Retry(context.Background(), lost, func() (int, error) {
			runs++
			return runs, c.answers[runs-1]
		})
		if runs != c.runs || !errors.Is(err, c.want) || (err == nil && n != runs) {
			t.Errorf("%s: %d runs, answer %d %v; want %d runs, %v", c.name, runs, n, err, c.runs, c.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Retry(ctx, lost, func() (int, error) { return 0, race }); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context's retry answered %v", err)
	}
}
