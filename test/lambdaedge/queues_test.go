package lambdaedge

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/compose"
	"rvcontent/shared/compose/jobsfn"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Identifiers of the SQS samples.
const (
	sampleAccountID  = "6f1c1b9e-2d4f-4c3a-9a57-1e2b3c4d5e6f"
	sampleJobOK      = "0193a1f0-7c2e-7d4a-8b1f-2e3d4c5b6a70"
	sampleJobCorrupt = "0193a1f0-7c2e-7d4a-8b1f-2e3d4c5b6a81"
	// The deliveries sample's event: the time and id of its sort key, and
	// its created_at.
	sampleEventTime    = "2026-11-22T12:00:00.000000000Z"
	sampleEventID      = "0193a1f0-7c2e-7d4a-8b1f-2e3d4c5b6a92"
	sampleEventCreated = "2026-11-22T12:00:00.000000Z"
)

// subscribe gives the sample account a webhook endpoint that wants
// edge.sample events, so they go through the outbox. Its address is
// loopback, which the egress client refuses at once: attempts fail without
// leaving the machine.
func subscribe(t *testing.T, r *rig) {
	t.Helper()
	id := ids.Sortable()
	issued, err := compose.Webhooks(r.graph).Keys.Issue(sampleAccountID, id)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.table.Put(context.Background(), map[string]any{
		"pk": dynamo.AccountPK(sampleAccountID), "sk": dynamo.WebhookSK(id), "id": id, "account_id": sampleAccountID,
		"url": "https://127.0.0.1/in", "events": []string{"edge.sample"}, "enabled": true,
		"created_at": clock.Format(r.clock.Now().Add(-time.Hour)), "secret_nonce": issued.Nonce, "secret_key_id": issued.KeyID,
	}); err != nil {
		t.Fatal(err)
	}
}

// addJob commits a new job of kind for the sample account and returns its
// id.
func addJob(t *testing.T, r *rig, kind string) string {
	t.Helper()
	tx := &dynamo.Tx{}
	j := compose.Enqueuer(r.graph).Add(tx, sampleAccountID, "", kind, nil)
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	return j.ID
}

// TestJobsBatchReportsTheFailingRecord feeds the jobs sample: its first
// record names a job of a kind no runner handles (the worker fails the job
// and deletes the message), its second a job whose stored item cannot be
// read (the worker must report it for retry), its third a body that is not
// a job message (dropped: retrying cannot fix it).
func TestJobsBatchReportsTheFailingRecord(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	okJob := addJob(t, r, "edge.no-such-kind")
	badJob := addJob(t, r, "edge.no-such-kind")
	// The stored item's attempts become a string: reading it fails.
	if _, err := r.table.Update(ctx, dynamo.AccountPK(sampleAccountID), dynamo.JobSK(badJob), &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET attempts = :s"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": &types.AttributeValueMemberS{Value: "three"}},
	}); err != nil {
		t.Fatal(err)
	}

	var batch events.SQSEvent
	load(t, "sqs-jobs-batch.json", map[string]string{sampleJobOK: okJob, sampleJobCorrupt: badJob}, &batch)
	sent := r.jobs.sent()
	if len(sent) != 2 || batch.Records[0].Body != sent[0] || batch.Records[1].Body != sent[1] {
		t.Fatalf("the sample's bodies %q %q are not the messages the service sends %q", batch.Records[0].Body, batch.Records[1].Body, sent)
	}
	resp, err := jobsfn.Jobs(r.graph)(ctx, batch)
	if err != nil {
		t.Fatal(err)
	}
	want := batch.Records[1].MessageId
	if len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != want {
		t.Fatalf("batchItemFailures %+v, want exactly %s", resp.BatchItemFailures, want)
	}
	j, err := compose.JobStore(r.graph).Get(ctx, sampleAccountID, okJob)
	if err != nil {
		t.Fatal(err)
	}
	if j.Status != "failed" || j.Error == nil || j.Error.Code != "unsupported_job" {
		t.Errorf("job of an unknown kind: status %s, error %+v; want failed with unsupported_job", j.Status, j.Error)
	}
}

// TestDeliveriesBatchFansOutEvents feeds the deliveries sample: its first
// record starts the fan-out of a stored event, carried in the message
// (which then leaves the outbox, its first attempt made there and then),
// its second names an event that has expired (nothing to do).
func TestDeliveriesBatchFansOutEvents(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	subscribe(t, r)
	tx := &dynamo.Tx{}
	ev := compose.Events(r.graph).Emit(tx, sampleAccountID, "", "edge.sample", map[string]any{"n": 1})
	if err := r.table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	pending, err := compose.EventStore(r.graph).Pending(ctx, r.clock.Now().Add(time.Second), 10)
	if err != nil || len(pending) != 1 {
		t.Fatalf("outbox %v (%v), want the new event", pending, err)
	}
	at, _, _ := strings.Cut(pending[0].SK, "#")
	var batch events.SQSEvent
	load(t, "sqs-deliveries-batch.json", map[string]string{sampleEventTime: at, sampleEventID: ev.ID, sampleEventCreated: ev.CreatedAt}, &batch)
	if sent := r.deliveries.sent(); len(sent) != 1 || batch.Records[0].Body != sent[0] {
		t.Fatalf("the sample's body %q is not the message the service sends %q", batch.Records[0].Body, sent)
	}
	resp, err := compose.Deliveries(r.graph)(ctx, batch)
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("HandleDeliveries: %+v, %v; want no failures", resp.BatchItemFailures, err)
	}
	it, err := compose.EventStore(r.graph).Get(ctx, eventlog.Ref{AccountID: sampleAccountID, SK: pending[0].SK})
	if err != nil {
		t.Fatal(err)
	}
	if it.GSI1PK != "" {
		t.Error("the event is still in the outbox after its fan-out")
	}
	if sent := r.deliveries.sent(); len(sent) != 2 || !strings.Contains(sent[1], `"attempt":2`) {
		t.Errorf("after the fan-out the queue got %q, want the second attempt of the refused first one", sent[1:])
	}
}
