// Package scheduler runs the service's periodic work (sweeps, expiries,
// retries, renewals) when the EventBridge schedule fires, and on demand in
// the dev stack's /_dev/run-scheduled.
package scheduler

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"
)

// Task is one piece of periodic work. It must be safe to run again.
type Task struct {
	Name string
	Run  func(ctx context.Context) error
}

// Scheduler runs its tasks in order.
type Scheduler struct {
	Tasks []Task
}

// RunAll runs every task once and returns the names of those that ran and
// the errors of those that failed (joined). One failing task does not stop
// the others.
func (s *Scheduler) RunAll(ctx context.Context) ([]string, error) {
	ran := make([]string, 0, len(s.Tasks))
	var errs []error
	for _, t := range s.Tasks {
		if err := t.Run(ctx); err != nil {
			slog.ErrorContext(ctx, "scheduled task failed", "task", t.Name, "err", err)
			errs = append(errs, fmt.Errorf("%s: %w", t.Name, err))
		}
		ran = append(ran, t.Name)
	}
	return ran, errors.Join(errs...)
}

// Handle is the Lambda handler for the EventBridge schedule.
func (s *Scheduler) Handle(ctx context.Context, ev events.EventBridgeEvent) error {
	slog.InfoContext(ctx, "schedule fired", "event_id", ev.ID, "time", ev.Time)
	_, err := s.RunAll(ctx)
	return err
}
