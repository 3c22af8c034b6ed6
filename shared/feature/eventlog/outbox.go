package eventlog

import (
	"context"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
)

// pending is an event added to a transaction: its stored item (whose outbox
// entry the check may take off) and whether nothing wants it.
type pending struct {
	event    Event
	item     map[string]types.AttributeValue
	unwanted bool
}

// batch is the events one transaction records for one account, checked
// against the account's subscribers once, right before the commit.
type batch struct {
	accountID   string
	subscribers Subscribers
	entries     []*pending
}

type batchKey struct{ accountID string }

// check leaves out of the outbox the events nothing wants. When the
// subscribers cannot be read, every event keeps its entry: the fan-out
// decides then.
func (b *batch) check(ctx context.Context) error {
	wanted, err := b.subscribers.Wanted(ctx, b.accountID)
	if err != nil {
		slog.WarnContext(ctx, "read an account's event subscribers; its events go through the outbox", "account_id", b.accountID, "err", err)
		return nil
	}
	for _, e := range b.entries {
		if !wanted(e.event) {
			delete(e.item, dynamo.GSI1PK)
			delete(e.item, dynamo.GSI1SK)
			e.unwanted = true
		}
	}
	return nil
}
