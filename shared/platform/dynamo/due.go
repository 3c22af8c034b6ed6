package dynamo

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"
)

// Due work: an item waiting for scheduled work puts itself in GSI1
// partition DUE#<kind> (DuePK) with a sort key that starts with its due
// time (TimeKey), and the kind's scheduled task reads the partition up to
// the present.

// DueQuery is the query of kind's due-work partition for the items whose
// sort key sorts before `before` (a sortable time: clock.SortKey(now) for
// "due before now", with "~" appended for "due at or before now"), oldest
// first, limit at a time, from start (nil for the beginning).
func DueQuery(kind, before string, limit int, start map[string]types.AttributeValue) (*dynamodb.QueryInput, error) {
	in, err := IndexPartition(GSI1, DuePK(kind)).SKLessThan(before).Input()
	if err != nil {
		return nil, err
	}
	in.Limit = aws.Int32(int32(limit))
	in.ExclusiveStartKey = start
	return in, nil
}

// Due returns the first limit items of kind's due work whose sort key sorts
// before `before` (see DueQuery), as T.
func Due[T any](ctx context.Context, t *Table, kind, before string, limit int) ([]T, error) {
	in, err := DueQuery(kind, before, limit, nil)
	if err != nil {
		return nil, err
	}
	rows, _, err := t.Query(ctx, in)
	if err != nil {
		return nil, err
	}
	return UnmarshalList[T](rows)
}

// DrainPage is how many due items DrainDue reads at a time.
const DrainPage = 100

// DrainMargin is how much of a run's time DrainDue leaves to what runs
// after it: it starts no new item once the context's deadline is nearer.
const DrainMargin = 15 * time.Second

// Drained is what one DrainDue run did.
type Drained struct {
	Handled int // items handle returned nil for
	Failed  int // items handle returned an error for
	// More is true when the run stopped for its deadline with due items
	// left for the next run.
	More bool
}

// DrainDue works off kind's due work whose sort key sorts before `before`
// (see DueQuery), oldest first, page after page, handling up to workers
// items at once, until none is left or ctx's deadline is DrainMargin away
// (a scheduled run's time is shared with the tasks after it; the next run
// goes on). An item handle leaves due (it failed, or it is not ready) does
// not stop the run: later pages are read past it. handle's errors are
// counted and returned joined (at most the first 10).
func DrainDue[T any](ctx context.Context, t *Table, kind, before string, workers int, handle func(context.Context, T) error) (Drained, error) {
	var (
		mu   sync.Mutex
		run  Drained
		errs []error
	)
	g := &errgroup.Group{}
	g.SetLimit(max(workers, 1))
	var start map[string]types.AttributeValue
	for {
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < DrainMargin {
			run.More = true
			break
		}
		in, err := DueQuery(kind, before, DrainPage, start)
		if err != nil {
			_ = g.Wait()
			return run, err
		}
		rows, last, err := t.Query(ctx, in)
		if err != nil {
			_ = g.Wait()
			return run, err
		}
		items, err := UnmarshalList[T](rows)
		if err != nil {
			_ = g.Wait()
			return run, err
		}
		for _, it := range items {
			g.Go(func() error {
				err := handle(ctx, it)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					run.Failed++
					if len(errs) < 10 {
						errs = append(errs, err)
					}
				} else {
					run.Handled++
				}
				return nil
			})
		}
		if last == nil {
			break
		}
		start = last
	}
	_ = g.Wait()
	return run, errors.Join(errs...)
}
