package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

type dueItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	N      int    `dynamodbav:"n"`
	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`
}

// DrainDue handles every due item in one run, however many pages they
// take, and reads past items it leaves due (here every 7th fails), so
// they never hold up the rest; items due later are left alone.
func TestDrainDueWorksOffTheWholeBacklog(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	ctx := context.Background()
	const n = 3*dynamo.DrainPage + 17
	for i := 0; i < n+5; i++ {
		due := "2026-01-01T00:00:00.000000000Z"
		if i >= n {
			due = "2026-01-03T00:00:00.000000000Z" // not due yet
		}
		it := dueItem{PK: fmt.Sprintf("ITEM#%d", i), SK: "ITEM", N: i, GSI1PK: dynamo.DuePK("test"), GSI1SK: dynamo.TimeKey(due, fmt.Sprint(i))}
		if err := table.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := map[int]bool{}
	run, err := dynamo.DrainDue(ctx, table, "test", "2026-01-02T00:00:00.000000000Z", 4, func(ctx context.Context, it dueItem) error {
		mu.Lock()
		seen[it.N] = true
		mu.Unlock()
		if it.N%7 == 0 {
			return errors.New("not ready") // stays due
		}
		it.GSI1PK, it.GSI1SK = "", ""
		return table.Put(ctx, it)
	})
	failed := (n + 6) / 7
	if run.Handled != n-failed || run.Failed != failed || run.More || err == nil {
		t.Fatalf("run %+v, err %v; want %d handled and %d failed", run, err, n-failed, failed)
	}
	if len(seen) != n {
		t.Fatalf("%d items seen, want the %d due", len(seen), n)
	}
	// A run whose deadline is near starts nothing.
	short, cancel := context.WithTimeout(ctx, dynamo.DrainMargin-time.Second)
	defer cancel()
	run, err = dynamo.DrainDue(short, table, "test", "2026-01-02T00:00:00.000000000Z", 4, func(context.Context, dueItem) error {
		t.Fatal("an item was started within the margin")
		return nil
	})
	if err != nil || !run.More || run.Handled+run.Failed != 0 {
		t.Fatalf("near the deadline: %+v, %v", run, err)
	}
}
