package dynamo

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

func TestFailedOn(t *testing.T) {
	err := fmt.Errorf("commit: %w", &CanceledError{Failed: []string{"article", "quota"}})
	if !FailedOn(err, "quota") || !FailedOn(err, "article") {
		t.Fatalf("FailedOn misses a named write of %v", err)
	}
	if FailedOn(err, "site") || FailedOn(errors.New("other"), "quota") || FailedOn(nil, "quota") {
		t.Fatal("FailedOn reports a write that did not fail")
	}
}

// fakeDynamo answers TransactWriteItems with the cancellation reasons of
// answers, one per call, then success; it counts the calls.
func fakeDynamo(t *testing.T, answers ...string) (*Table, *int) {
	t.Helper()
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		if calls > len(answers) {
			fmt.Fprint(w, "{}")
			return
		}
		w.Header().Set("X-Amzn-ErrorType", "TransactionCanceledException")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","Message":"Transaction cancelled","CancellationReasons":%s}`, answers[calls-1])
	}))
	t.Cleanup(srv.Close)
	cfg := aws.Config{Region: "eu-west-1", Credentials: credentials.NewStaticCredentialsProvider("a", "b", "")}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(srv.URL) })
	return &Table{Client: client, Name: "t"}, &calls
}

// TestCommitRetriesConflicts: a transaction cancelled only for a conflict
// with a concurrent write is sent again (it applied nothing); one whose
// condition failed is not, and a conflict that lasts gives up.
func TestCommitRetriesConflicts(t *testing.T) {
	conflictWait = time.Millisecond
	conflict := `[{"Code":"None"},{"Code":"TransactionConflict"}]`
	tx := func() *Tx {
		tx := &Tx{}
		tx.Delete("credential", "ACCT#1", "KEY#1", "attribute_exists(pk)")
		tx.Delete("lookup", "KEYHASH#x", "KEYHASH", "")
		return tx
	}
	table, calls := fakeDynamo(t, conflict, conflict)
	if err := table.Commit(context.Background(), tx(), nil); err != nil || *calls != 3 {
		t.Fatalf("after two conflicts: err %v, %d calls (want nil, 3)", err, *calls)
	}
	table, calls = fakeDynamo(t, `[{"Code":"ConditionalCheckFailed"},{"Code":"TransactionConflict"}]`)
	if err := table.Commit(context.Background(), tx(), nil); !FailedOn(err, "credential") || *calls != 1 {
		t.Fatalf("failed condition: err %v, %d calls (want credential failed, 1)", err, *calls)
	}
	table, calls = fakeDynamo(t, conflict, conflict, conflict, conflict, conflict)
	if err := table.Commit(context.Background(), tx(), nil); !LostRace(err) || *calls != 1+conflictRetries {
		t.Fatalf("lasting conflict: err %v, %d calls (want a lost race, %d)", err, *calls, 1+conflictRetries)
	}
}
