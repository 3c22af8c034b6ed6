// Package idempotency makes a POST with an Idempotency-Key run at most once
// (spec 4.1). The first request claims the key; its response is stored,
// encrypted under a key derived from the Idempotency-Key (so a stored
// response that carries a secret is unreadable from the table alone), and
// replayed for 24 hours to the same key with the same body. A different body,
// or a request while the first still runs, is a conflict. When the effect of
// a request is a transaction, its response is stored in that same transaction
// (see dynamo.CommitHook), so a crash between effect and response cannot make
// a retry run it twice.
package idempotency

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/seal"
	"rvcontent/shared/platform/dynamo"
)

// MaxKeyLength is the longest Idempotency-Key accepted (spec 8).
const MaxKeyLength = 255

// Window is how long a response is replayed (spec 8).
const Window = 24 * time.Hour

// Lease is how long a claim blocks other requests with the same key before a
// retry may take over a claim whose request died before any effect.
const Lease = 60 * time.Second

// RequestLimit is how long a request may run under a claim: well within
// its Lease, so no retry takes the key over while the request can still
// commit its effect.
const RequestLimit = 45 * time.Second

const (
	stateRunning = "running"
	stateDone    = "done"
)

// record is the stored item of one Idempotency-Key.
type record struct {
	PK          string `dynamodbav:"pk"`
	SK          string `dynamodbav:"sk"`
	State       string `dynamodbav:"state"`
	RequestHash string `dynamodbav:"request_hash"`
	Owner       string `dynamodbav:"owner"`
	LeaseUntil  int64  `dynamodbav:"lease_until,omitempty"`
	ExpiresAt   int64  `dynamodbav:"expires_at"`
	Status      int    `dynamodbav:"status,omitempty"`
	ContentType string `dynamodbav:"content_type,omitempty"`
	Sealed      []byte `dynamodbav:"sealed,omitempty"`
	TTL         int64  `dynamodbav:"ttl"`
}

// Response is a stored response to replay.
type Response struct {
	Status      int
	ContentType string
	Body        []byte
}

// Store keeps idempotency records in the table.
type Store struct {
	Table *dynamo.Table
	Clock clock.Clock
}

// Errors returned by Begin, as conflicts the caller can act on.
var (
	ErrKeyReused  = apperr.New(apperr.Conflict, "This Idempotency-Key was already used with a different request. Use a new key for a new request.")
	ErrInProgress = apperr.New(apperr.Conflict, "A request with this Idempotency-Key is still running. Retry shortly to get its response.")
)

// Begin claims key in scope for a request whose method, path and body hash to
// requestHash. It returns a Claim to run the request under, or the stored
// Response to replay, or ErrKeyReused / ErrInProgress.
func (s *Store) Begin(ctx context.Context, scope, key, requestHash string) (*Claim, *Response, error) {
	now := s.Clock.Now()
	c := &Claim{store: s, pk: dynamo.IdempotencyPK(scope), sk: hashKey(key), secret: sealKey(scope, key), owner: randomHex(16)}
	rec := record{
		PK: c.pk, SK: c.sk, State: stateRunning, RequestHash: requestHash, Owner: c.owner,
		LeaseUntil: now.Add(Lease).UnixMilli(), ExpiresAt: now.Add(Window).UnixMilli(),
		TTL: now.Add(Window + time.Hour).Unix(),
	}
	c.held = rec
	av, err := attributevalue.MarshalMap(rec)
	if err != nil {
		return nil, nil, err
	}
	// A refused claim returns the record that holds the key, so a replay
	// costs this one call.
	_, err = s.Table.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(s.Table.Name),
		Item:                av,
		ConditionExpression: aws.String("attribute_not_exists(pk) OR expires_at < :now"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.UnixMilli(), 10)},
		},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	if err == nil {
		return c, nil, nil
	}
	var refused *types.ConditionalCheckFailedException
	if !errors.As(err, &refused) {
		return nil, nil, err
	}
	old, err := s.holder(ctx, c, refused.Item)
	if err != nil {
		return nil, nil, err
	}
	if old.RequestHash != requestHash {
		return nil, nil, ErrKeyReused
	}
	if old.State == stateDone {
		body, err := seal.Open(c.secret, old.Sealed, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("idempotency: open stored response: %w", err)
		}
		return nil, &Response{Status: old.Status, ContentType: old.ContentType, Body: body}, nil
	}
	if old.LeaseUntil > now.UnixMilli() {
		return nil, nil, ErrInProgress
	}
	// The first request died before any effect was committed (an effect
	// would have completed the record in its transaction): take over.
	_, err = s.Table.Update(ctx, c.pk, c.sk, &dynamodb.UpdateItemInput{
		UpdateExpression:         aws.String("SET #owner = :me, lease_until = :lease"),
		ConditionExpression:      aws.String("#owner = :old AND #state = :running"),
		ExpressionAttributeNames: map[string]string{"#owner": "owner", "#state": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":me":      &types.AttributeValueMemberS{Value: c.owner},
			":old":     &types.AttributeValueMemberS{Value: old.Owner},
			":running": &types.AttributeValueMemberS{Value: stateRunning},
			":lease":   &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(Lease).UnixMilli(), 10)},
		},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil, nil, ErrInProgress
	}
	if err != nil {
		return nil, nil, err
	}
	c.held = old
	c.held.Owner = c.owner
	return c, nil, nil
}

// holder returns the record that refused c's claim: the one the refusal
// carried, or (from a store that does not return it) a fresh read.
func (s *Store) holder(ctx context.Context, c *Claim, item map[string]types.AttributeValue) (record, error) {
	var old record
	if item != nil {
		err := attributevalue.UnmarshalMap(item, &old)
		return old, err
	}
	err := s.Table.Get(ctx, c.pk, c.sk, &old)
	if errors.Is(err, dynamo.ErrNotFound) {
		return record{}, ErrInProgress // removed between our two calls: let the caller retry
	}
	return old, err
}

// Renderer turns a service result into the response that will be sent, or
// reports false when the result is not the one it renders.
type Renderer func(result any) (Response, bool)

// Claim is a running request's hold on its key. It implements
// dynamo.CommitHook so the response joins the effect's transaction.
type Claim struct {
	store  *Store
	pk, sk string
	secret []byte
	owner  string
	held   record // the record as this claim holds it

	mu       sync.Mutex
	render   Renderer
	done     bool
	recorded *Response
}

var _ dynamo.CommitHook = (*Claim)(nil)

// SetRenderer tells the claim how to render the request's result.
func (c *Claim) SetRenderer(r Renderer) {
	c.mu.Lock()
	c.render = r
	c.mu.Unlock()
}

// Write returns the write that completes the record with the rendered result.
func (c *Claim) Write(result any) (types.TransactWriteItem, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.render == nil || c.done {
		return types.TransactWriteItem{}, false
	}
	resp, ok := c.render(result)
	if !ok {
		return types.TransactWriteItem{}, false
	}
	item, err := c.completed(resp)
	if err != nil {
		return types.TransactWriteItem{}, false
	}
	c.recorded = &resp
	return types.TransactWriteItem{Put: &types.Put{Item: item}}, true
}

// completed returns the record completed with resp, for the effect's
// transaction. It is written whole and without a condition (a condition
// costs the transaction a read of the record): no other request can hold
// the key meanwhile, because a claim's Lease outlives the request that
// made it (a function ends at its timeout, under 30 seconds, and the
// Idempotent middleware ends a request at RequestLimit).
func (c *Claim) completed(resp Response) (map[string]types.AttributeValue, error) {
	sealed, err := seal.Seal(c.secret, resp.Body, nil)
	if err != nil {
		return nil, err
	}
	r := c.held
	r.State, r.LeaseUntil, r.Status, r.ContentType, r.Sealed = stateDone, 0, resp.Status, resp.ContentType, sealed
	return attributevalue.MarshalMap(r)
}

// Request identifies the request the claim runs: the same for a retry
// that takes the claim over after a crash, and another one once the key
// was released (a retry after a server error runs anew) or is used again
// after its Window. Work that cannot join the response's
// transaction (a call to another service) records it beside its result,
// so a retry reads that result back instead of doing the work twice.
func (c *Claim) Request() string {
	sum := sha256.Sum256([]byte(c.pk + "\x00" + c.sk + "\x00" + strconv.FormatInt(c.held.ExpiresAt, 10)))
	return hex.EncodeToString(sum[:16])
}

// Committed marks the record completed by a transaction.
func (c *Claim) Committed() {
	c.mu.Lock()
	c.done = true
	c.mu.Unlock()
}

// Done reports whether the response was already stored with the effect.
func (c *Claim) Done() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.done
}

func (c *Claim) completion(resp Response) (*types.Update, error) {
	sealed, err := seal.Seal(c.secret, resp.Body, nil)
	if err != nil {
		return nil, err
	}
	return &types.Update{
		UpdateExpression:         aws.String("SET #state = :done, #status = :status, content_type = :ct, sealed = :sealed REMOVE lease_until"),
		ConditionExpression:      aws.String("#owner = :me AND #state = :running"),
		ExpressionAttributeNames: map[string]string{"#state": "state", "#status": "status", "#owner": "owner"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":done":    &types.AttributeValueMemberS{Value: stateDone},
			":running": &types.AttributeValueMemberS{Value: stateRunning},
			":status":  &types.AttributeValueMemberN{Value: strconv.Itoa(resp.Status)},
			":ct":      &types.AttributeValueMemberS{Value: resp.ContentType},
			":sealed":  &types.AttributeValueMemberB{Value: sealed},
			":me":      &types.AttributeValueMemberS{Value: c.owner},
		},
	}, nil
}

// Complete stores resp for replay, unless a transaction already did.
func (c *Claim) Complete(ctx context.Context, resp Response) error {
	if c.Done() {
		return nil
	}
	u, err := c.completion(resp)
	if err != nil {
		return err
	}
	_, err = c.store.Table.Update(ctx, c.pk, c.sk, &dynamodb.UpdateItemInput{
		UpdateExpression:          u.UpdateExpression,
		ConditionExpression:       u.ConditionExpression,
		ExpressionAttributeNames:  u.ExpressionAttributeNames,
		ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil // completed by its transaction after all
	}
	if err == nil {
		c.Committed()
	}
	return err
}

// Release gives the key up after a request that failed without effect (a
// server error), so a retry runs it.
func (c *Claim) Release(ctx context.Context) error {
	if c.Done() {
		return nil
	}
	_, err := c.store.Table.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:                aws.String(c.store.Table.Name),
		Key:                      dynamo.Key(c.pk, c.sk),
		ConditionExpression:      aws.String("#owner = :me AND #state = :running"),
		ExpressionAttributeNames: map[string]string{"#owner": "owner", "#state": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":me":      &types.AttributeValueMemberS{Value: c.owner},
			":running": &types.AttributeValueMemberS{Value: stateRunning},
		},
	})
	if errors.As(err, new(*types.ConditionalCheckFailedException)) {
		return nil
	}
	return err
}

type claimKey struct{}

// WithClaim returns ctx carrying c, also as the context's commit hook.
func WithClaim(ctx context.Context, c *Claim) context.Context {
	return dynamo.WithCommitHook(context.WithValue(ctx, claimKey{}, c), c)
}

// FromContext returns the claim of the request in ctx, if any.
func FromContext(ctx context.Context) *Claim {
	c, _ := ctx.Value(claimKey{}).(*Claim)
	return c
}

// Index adds to tx, for account accountID, the link index of the record
// c holds (dynamo.PutLinkIndex), so erasing that account deletes the
// record too: a request that creates an account leaves its stored answer
// outside the account's partitions (its scope is the caller's address),
// and a retry after the account is gone must run again rather than
// replay a dead account's keys.
func (c *Claim) Index(tx *dynamo.Tx, accountID string) {
	dynamo.PutLinkIndex(tx, accountID, c.pk, c.sk, c.held.TTL)
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// sealKey derives the response encryption key from the Idempotency-Key,
// which is stored only as a hash.
func sealKey(scope, key string) []byte {
	sum := sha256.Sum256([]byte("idempotency-response\x00" + scope + "\x00" + key))
	return sum[:]
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
