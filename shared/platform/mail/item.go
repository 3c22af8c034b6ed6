package mail

import (
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// item is a pending mail as stored: its kind and parameters (never a
// secret), how often the sweep tried it, and its place in the sweep's
// queue (GSI1 DUE#mail at the time of its next try).
type item struct {
	PK        string            `dynamodbav:"pk"`
	SK        string            `dynamodbav:"sk"`
	ID        string            `dynamodbav:"id"`
	Kind      string            `dynamodbav:"kind"`
	AccountID string            `dynamodbav:"account_id,omitempty"`
	Params    map[string]string `dynamodbav:"params"`
	QueuedAt  string            `dynamodbav:"queued_at"`
	Attempts  int               `dynamodbav:"attempts"`
	LastError string            `dynamodbav:"last_error,omitempty"`
	GSI1PK    string            `dynamodbav:"gsi1pk"`
	GSI1SK    string            `dynamodbav:"gsi1sk"`
	TTL       int64             `dynamodbav:"ttl"`
}

// newItem is a mail queued at now, due for the sweep SweepAge later.
func newItem(id, kind, accountID string, params map[string]string, now time.Time) item {
	if params == nil {
		params = map[string]string{}
	}
	return item{
		PK: dynamo.MailOutboxPK(id), SK: dynamo.MailOutboxSK,
		ID: id, Kind: kind, AccountID: accountID, Params: params, QueuedAt: clock.Format(now),
		GSI1PK: dynamo.DuePK(DueKind), GSI1SK: dueKey(now.Add(SweepAge), id),
		TTL: now.Add(GiveUpAfter + retention).Unix(),
	}
}

// dueKey is the GSI1 sort key of a mail due at t.
func dueKey(t time.Time, id string) string { return dynamo.TimeKey(clock.SortKey(t), id) }

// pending is the renderer's view of the stored mail (without secrets).
func (it item) pending() Pending {
	queued, _ := clock.Parse(it.QueuedAt)
	return Pending{ID: it.ID, Kind: it.Kind, AccountID: it.AccountID, Params: it.Params, QueuedAt: queued, Attempts: it.Attempts}
}

// pause is how long the sweep waits after its attempts-th try: a minute,
// doubling up to maxPause.
func pause(attempts int) time.Duration {
	d := time.Minute
	for i := 1; i < attempts && d < maxPause; i++ {
		d *= 2
	}
	return min(d, maxPause)
}
