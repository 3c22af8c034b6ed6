// Package dynamotest gives tests a fresh table on a real DynamoDB Local: the
// one at DYNAMODB_ENDPOINT (make test starts one for the whole run), or one
// this package starts for the test binary.
package dynamotest

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/platform/dynamo"
)

var (
	once     sync.Once
	endpoint string
	startErr error
	seq      atomic.Int64
)

// Endpoint returns the address of a running DynamoDB Local, starting one
// for this test binary when DYNAMODB_ENDPOINT is not set. The process ends
// with the test binary.
func Endpoint(t testing.TB) string {
	t.Helper()
	once.Do(func() {
		if endpoint = os.Getenv("DYNAMODB_ENDPOINT"); endpoint != "" {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cache, err := devstack.CacheDir()
		if err != nil {
			startErr = err
			return
		}
		dir, err := devstack.EnsureDynamoDBLocal(ctx, cache)
		if err != nil {
			startErr = err
			return
		}
		d, err := devstack.StartDynamoDBLocal(ctx, dir, "")
		if err != nil {
			startErr = err
			return
		}
		endpoint = d.Endpoint // stopped by Pdeathsig when the test binary exits
	})
	if startErr != nil {
		t.Fatalf("DynamoDB Local: %v", startErr)
	}
	return endpoint
}

// UniqueName returns a table name no other test of this run uses.
func UniqueName(prefix string) string {
	return fmt.Sprintf("%s-%d-%d-%d", prefix, os.Getpid(), time.Now().UnixNano()%1e9, seq.Add(1))
}

// Table creates a new table with the service's schema and returns it.
func Table(t testing.TB) *dynamo.Table {
	t.Helper()
	client := devstack.NewDynamoClient(Endpoint(t), nil)
	name := UniqueName("t")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := dynamo.TableSchema.Ensure(ctx, client, name); err != nil {
		t.Fatalf("create table: %v", err)
	}
	return &dynamo.Table{Client: client, Name: name}
}
