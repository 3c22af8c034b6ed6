package dynamo

import (
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// LostRace reports whether a commit failed because another writer got
// there first, so reading again and retrying may succeed: the condition of
// one of the named writes was false, or DynamoDB cancelled the transaction
// for a conflict with a concurrent one.
func LostRace(err error, names ...string) bool {
	var ce *CanceledError
	if errors.As(err, &ce) {
		for _, n := range names {
			if ce.Has(n) {
				return true
			}
		}
		return false
	}
	var tce *types.TransactionCanceledException
	if errors.As(err, &tce) {
		for _, r := range tce.CancellationReasons {
			if aws.ToString(r.Code) == "TransactionConflict" {
				return true
			}
		}
	}
	return false
}
