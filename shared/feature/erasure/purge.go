package erasure

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Runner runs the erase job (the jobs worker): it cancels the
// subscription, ends the backlink placements shared with other members,
// and deletes every item of the account.
type Runner struct {
	Table *dynamo.Table
	Clock clock.Clock
	Jobs  *jobs.Enqueuer
	// Billing cancels the account's subscription at the processor.
	Billing interface {
		CancelNow(ctx context.Context, accountID string) error
	}
	// Backlinks ends a site's placements.
	Backlinks interface {
		Withdraw(ctx context.Context, siteID string) error
	}
}

// Result is the erase job's result.
type Result struct {
	Pass    int `json:"pass"`
	Deleted int `json:"items_deleted"`
}

// Run runs one pass of the erase job of run's account.
func (r *Runner) Run(ctx context.Context, run *jobs.Run) (any, error) {
	var in jobInput
	if err := json.Unmarshal(run.Input, &in); err != nil || in.Pass == 0 {
		in.Pass = 1
	}
	id := run.AccountID
	if err := r.deleted(ctx, id); err != nil {
		return nil, err
	}
	if in.Pass == 1 {
		if err := r.Billing.CancelNow(ctx, id); err != nil {
			return nil, apperr.Wrap("erasure: cancel the subscription", err)
		}
		if err := revoke(ctx, r.Table, id); err != nil {
			return nil, err
		}
		sites, err := keysWith(ctx, r.Table, dynamo.AccountPK(id), dynamo.SitePrefix)
		if err != nil {
			return nil, err
		}
		for _, s := range sites {
			if err := r.Backlinks.Withdraw(ctx, strings.TrimPrefix(s.SK, dynamo.SitePrefix)); err != nil {
				return nil, err
			}
		}
	}
	n, err := r.purge(ctx, id, run.Job.ID, in.Pass > 1)
	if err != nil {
		return nil, err
	}
	if in.Pass == 1 {
		tx := &dynamo.Tx{}
		r.Jobs.AddAfter(tx, id, "", Kind, jobInput{Pass: 2}, SecondPass)
		if err := r.Table.Commit(ctx, tx, nil); err != nil {
			return nil, apperr.Wrap("erasure: queue the second pass", err)
		}
	}
	return Result{Pass: in.Pass, Deleted: n}, nil
}

var _ jobs.GiveUpper = (*Runner)(nil)

// GiveUp queues the pass of run, given up by the worker after its last
// attempt failed, to start again RetryGivenUp later (see MaxRetries); the
// worker then records this job failed.
func (r *Runner) GiveUp(ctx context.Context, run *jobs.Run, jobErr jobs.Error) error {
	var in jobInput
	if err := json.Unmarshal(run.Input, &in); err != nil || in.Pass == 0 {
		in.Pass = 1
	}
	if in.Retry >= MaxRetries {
		slog.ErrorContext(ctx, "account erase given up for good", "account_id", run.AccountID, "pass", in.Pass, "err", jobErr.Message)
		return nil
	}
	in.Retry++
	tx := &dynamo.Tx{}
	r.Jobs.AddAfter(tx, run.AccountID, "", Kind, in, RetryGivenUp)
	return r.Table.Commit(ctx, tx, nil)
}

// deleted fails the job (conflict) unless account id is a tombstone.
func (r *Runner) deleted(ctx context.Context, id string) error {
	_, err := accounts.Owners{Table: r.Table}.Get(ctx, id)
	switch {
	case errors.Is(err, accounts.ErrNotFound):
		return nil
	case err == nil:
		return apperr.New(apperr.Conflict, errGone.Error())
	}
	return err
}

// accountPartitions are the account's partitions besides its own (which
// holds its sites and webhook endpoints).
var accountPartitions = []func(id string) string{dynamo.EventsPK, dynamo.ActivityPK, dynamo.IdempotencyPK, dynamo.PaymentEventsPK}

// purge deletes every item of account id: its sites' partitions, its
// webhook endpoints' logs, its events, activity, idempotency records and
// processor events, the lookup items of its processor references, the
// links and OAuth codes and tokens its link index names, and the
// items of its own partition except the tombstone and the running job
// (which leaves with a TTL), and, until the final pass, the marks of its
// erased webhook endpoints. It returns how many items it deleted.
func (r *Runner) purge(ctx context.Context, id, jobID string, final bool) (int, error) {
	own, err := keysWith(ctx, r.Table, dynamo.AccountPK(id), "")
	if err != nil {
		return 0, err
	}
	var doomed []key
	for _, k := range own {
		switch {
		case k.SK == dynamo.AccountSK || k.SK == dynamo.JobSK(jobID):
			continue
		case strings.HasPrefix(k.SK, dynamo.SitePrefix):
			site, err := keysWith(ctx, r.Table, dynamo.SitePK(strings.TrimPrefix(k.SK, dynamo.SitePrefix)), "")
			if err != nil {
				return 0, err
			}
			doomed = append(doomed, site...)
		case strings.HasPrefix(k.SK, dynamo.WebhookPrefix), strings.HasPrefix(k.SK, dynamo.ErasedWebhookPrefix):
			w := strings.TrimPrefix(strings.TrimPrefix(k.SK, dynamo.WebhookPrefix), dynamo.ErasedWebhookPrefix)
			log, err := keysWith(ctx, r.Table, dynamo.WebhookLogPK(id, w), "")
			if err != nil {
				return 0, err
			}
			doomed = append(doomed, log...)
			if !final && strings.HasPrefix(k.SK, dynamo.ErasedWebhookPrefix) {
				continue // kept for the second pass: a delivery running now may still log
			}
		case strings.HasPrefix(k.SK, dynamo.LinkIndexPrefix):
			if k.RefPK != "" && k.RefSK != "" {
				doomed = append(doomed, key{PK: k.RefPK, SK: k.RefSK})
			}
		case k.SK == dynamo.BillingSK:
			for _, ref := range []string{k.CustomerRef, k.SubscriptionRef} {
				if ref != "" {
					doomed = append(doomed, key{PK: dynamo.PaymentRefPK(ref), SK: dynamo.PaymentRefSK})
				}
			}
		}
		doomed = append(doomed, k)
	}
	for _, pk := range accountPartitions {
		ks, err := keysWith(ctx, r.Table, pk(id), "")
		if err != nil {
			return 0, err
		}
		doomed = append(doomed, ks...)
	}
	if err := deleteAll(ctx, r.Table, doomed); err != nil {
		return 0, err
	}
	_, err = r.Table.Update(ctx, dynamo.AccountPK(id), dynamo.JobSK(jobID), &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET #ttl = :ttl"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#ttl": dynamo.TTL},
		ExpressionAttributeValues: map[string]types.AttributeValue{":ttl": &types.AttributeValueMemberN{Value: strconv.FormatInt(r.Clock.Now().Add(accounts.TombstoneLifetime).Unix(), 10)}},
	})
	if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		return 0, apperr.Wrap("erasure: expire the job", err)
	}
	return len(doomed), nil
}

// key is an item's key with the attributes erasing reads from it.
type key struct {
	PK              string `dynamodbav:"pk"`
	SK              string `dynamodbav:"sk"`
	Hash            string `dynamodbav:"hash"`
	RefreshHash     string `dynamodbav:"refresh_hash"`
	CustomerRef     string `dynamodbav:"customer_ref"`
	SubscriptionRef string `dynamodbav:"subscription_ref"`
	// RefPK and RefSK are what a link index item names.
	RefPK string `dynamodbav:"ref_pk"`
	RefSK string `dynamodbav:"ref_sk"`
}

// keysWith returns the keys of partition pk's items whose sort key starts
// with prefix (every item for "").
func keysWith(ctx context.Context, t *dynamo.Table, pk, prefix string) ([]key, error) {
	in, err := dynamo.PartitionPrefix(pk, prefix).
		Project(dynamo.PK, dynamo.SK, "hash", "refresh_hash", "customer_ref", "subscription_ref", "ref_pk", "ref_sk").Input()
	if err != nil {
		return nil, apperr.Wrap("erasure: list "+pk, err)
	}
	in.ConsistentRead = aws.Bool(true)
	raw, err := t.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("erasure: list "+pk, err)
	}
	var out []key
	if err := attributevalue.UnmarshalListOfMaps(raw, &out); err != nil {
		return nil, apperr.Wrap("erasure: read "+pk, err)
	}
	return out, nil
}

// txItems is how many writes one transaction carries (DynamoDB's limit).
const txItems = 100

// inBatches adds n writes to transactions of at most txItems (write adds
// write number i) and commits each; op names the work in errors.
func inBatches(ctx context.Context, t *dynamo.Table, op string, n int, write func(tx *dynamo.Tx, i int)) error {
	tx := &dynamo.Tx{}
	for i := range n {
		write(tx, i)
		if tx.Len() == txItems || i == n-1 {
			if err := t.Commit(ctx, tx, nil); err != nil {
				return apperr.Wrap("erasure: "+op, err)
			}
			tx = &dynamo.Tx{}
		}
	}
	return nil
}

// deleteAll deletes the items of keys, each once, in transactions of at
// most txItems.
func deleteAll(ctx context.Context, t *dynamo.Table, keys []key) error {
	seen := map[key]bool{}
	var once []key
	for _, k := range keys {
		id := key{PK: k.PK, SK: k.SK}
		if !seen[id] {
			seen[id] = true
			once = append(once, id)
		}
	}
	return inBatches(ctx, t, "delete", len(once), func(tx *dynamo.Tx, i int) {
		tx.Delete("item", once[i].PK, once[i].SK, "")
	})
}
