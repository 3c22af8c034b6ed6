package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// counted returns table read through a client that counts its calls.
func counted(t *testing.T, table *dynamo.Table) (*dynamo.Table, *dynamo.CallCounter) {
	c := &dynamo.CallCounter{}
	return &dynamo.Table{Client: devstack.NewDynamoClient(dynamotest.Endpoint(t), c), Name: table.Name}, c
}

// The Gets a stage's goroutines make at once go out as BatchGetItem calls
// of at most 100 keys, and each caller gets its own item, ErrNotFound for
// a key with none, and the same item as another caller of the same key.
func TestGetsOfAStageGoOutTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	base := dynamotest.Table(t)
	ctx := context.Background()
	const n = 150
	for i := 0; i < n; i++ {
		if err := base.Put(ctx, dueItem{PK: fmt.Sprintf("ITEM#%d", i), SK: "ITEM", N: i}); err != nil {
			t.Fatal(err)
		}
	}
	table, calls := counted(t, base)
	// Reads n+10: every item, the first five twice, and five keys with no item.
	key := func(i int) int {
		if i >= n+5 {
			return i - n - 5 // a second read of item 0..4
		}
		return i
	}
	errs := par.Each(par.Staged(ctx), n+10, 0, func(ctx context.Context, i int) error {
		var got dueItem
		err := table.Get(ctx, fmt.Sprintf("ITEM#%d", key(i)), "ITEM", &got)
		switch {
		case key(i) >= n && !errors.Is(err, dynamo.ErrNotFound):
			return fmt.Errorf("read %d of a key with no item: %v, want ErrNotFound", i, err)
		case key(i) < n && (err != nil || got.N != key(i)):
			return fmt.Errorf("read %d: %+v, %v; want item %d", i, got, err, key(i))
		}
		return nil
	})
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	made := calls.Snapshot()
	if made["BatchGetItem"] < 2 || made["BatchGetItem"]+made["GetItem"] > 20 {
		t.Fatalf("%d reads made %v; want them gathered into BatchGetItem calls of at most 100 keys", n+10, made)
	}
	// Outside a stage, a Get is a GetItem of its own.
	var one dueItem
	if err := table.Get(ctx, "ITEM#7", "ITEM", &one); err != nil || one.N != 7 {
		t.Fatalf("Get = %+v, %v", one, err)
	}
	if made := calls.Snapshot(); made["GetItem"] != 1 || made["BatchGetItem"] != 0 {
		t.Fatalf("a Get outside a stage made %v", made)
	}
}

// A gathered read that fails fails every read it carried.
func TestGatheredReadsShareTheirFailure(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	base := dynamotest.Table(t)
	missing := &dynamo.Table{Client: base.Client, Name: base.Name + "-missing"}
	errs := par.Each(par.Staged(context.Background()), 3, 0, func(ctx context.Context, i int) error {
		var got dueItem
		return missing.Get(ctx, fmt.Sprintf("ITEM#%d", i), "ITEM", &got)
	})
	for i, err := range errs {
		if err == nil || errors.Is(err, dynamo.ErrNotFound) {
			t.Fatalf("read %d of a table that does not exist: %v, want its failure", i, err)
		}
	}
}
