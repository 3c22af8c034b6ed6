package credentials

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// Owners finds the email address of an account's owner.
type Owners interface {
	OwnerEmail(ctx context.Context, accountID string) (string, error)
}

// RevokeListener adds to a revocation's transaction what must change with
// it (the webhooks feature disables the endpoints the credential created).
type RevokeListener interface {
	CredentialRevoked(ctx context.Context, tx *dynamo.Tx, accountID, credentialID string) error
}

// Service manages agent keys and authenticates requests.
type Service struct {
	Table  *dynamo.Table
	Clock  clock.Clock
	Events *eventlog.Writer
	// Mail is the mail outbox the owner's notices go through.
	Mail     *mail.Spool
	Owners   Owners
	Listener RevokeListener // may be nil
	// DashboardURL is where the owner manages keys, linked from emails.
	DashboardURL string
	// TouchEvery is how often last_used_at is written for a busy key; one
	// minute when zero.
	TouchEvery time.Duration
}

// ErrNotFound is returned for a credential that is not the account's.
var ErrNotFound = apperr.NotFoundf("No agent key or connection with that id on this account.")

var errTooMany = apperr.New(apperr.Conflict, fmt.Sprintf("This account already has %d active agent keys and connections. Revoke one before adding another.", MaxActive))

// CountUp adds to tx the increment of the account's credential count, which
// fails (named "credential_limit") once MaxActive are active.
func CountUp(tx *dynamo.Tx, accountID string) {
	tx.Update("credential_limit", dynamo.AccountPK(accountID), dynamo.AccountSK, &types.Update{
		UpdateExpression:         aws.String("ADD #n :one"),
		ConditionExpression:      aws.String("attribute_exists(pk) AND (attribute_not_exists(#n) OR #n < :max)"),
		ExpressionAttributeNames: map[string]string{"#n": CountAttribute},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
			":max": &types.AttributeValueMemberN{Value: strconv.Itoa(MaxActive)},
		},
	})
}

// NewKeyInput is what POST /agent-keys takes.
type NewKeyInput struct {
	Name       string
	Operator   *string
	ContactURL *string
}

// Create makes a new agent key for the caller's account, records it in the
// activity log and events, and emails the owner (through the mail outbox,
// in the same transaction). The returned key carries its secret.
func (s *Service) Create(ctx context.Context, in NewKeyInput) (AgentKey, error) {
	p, _ := auth.From(ctx)
	now := s.Clock.Now()
	secret, hash := NewSecret()
	tx := &dynamo.Tx{}
	CountUp(tx, p.AccountID)
	k := Put(tx, p.AccountID, ids.Sortable(), hash, Spec{Type: TypeKey, Name: in.Name, Operator: in.Operator, ContactURL: in.ContactURL}, aws.String(DisplayPrefix(secret)), now)
	k.Key = secret
	s.record(tx, p, now, k, "created")
	s.notifyOwner(tx, p.AccountID, k)
	if err := s.Table.Commit(ctx, tx, k); err != nil {
		if dynamo.FailedOn(err, "credential_limit") {
			return AgentKey{}, errTooMany
		}
		return AgentKey{}, apperr.Wrap("credentials.Create", err)
	}
	return k, nil
}

// record adds the activity entry and the agent_access event of a change.
func (s *Service) record(tx *dynamo.Tx, p auth.Principal, now time.Time, k AgentKey, verb string) {
	what := "Agent key"
	if k.Type == TypeOAuth {
		what = "App connection"
	}
	activity.Record(tx, now, p, activity.Change{
		Action:   "agent_key." + verb,
		Resource: activity.Resource{Type: "agent_key", ID: k.ID},
		Summary:  fmt.Sprintf("%s %q %s", what, k.Name, verb),
	})
	s.Events.Emit(tx, p.AccountID, "", "agent_access."+verb, map[string]any{"agent_key": k.Public()})
}

// List returns the account's active keys and connections, oldest first.
func (s *Service) List(ctx context.Context, accountID string, limit int, cursor string) ([]AgentKey, string, error) {
	cur, err := dynamo.DecodeCursor(cursor)
	if err != nil {
		return nil, "", apperr.BadCursor()
	}
	in, err := dynamo.PartitionPrefix(dynamo.AccountPK(accountID), dynamo.CredentialPrefix).Input()
	if err != nil {
		return nil, "", apperr.Wrap("credentials.List", err)
	}
	in.ConsistentRead = aws.Bool(true)
	items, next, err := dynamo.QueryPage[item](ctx, s.Table, in, limit, cur, dynamo.AccountPK(accountID))
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", apperr.BadCursor()
	}
	if err != nil {
		return nil, "", apperr.Wrap("credentials.List", err)
	}
	out := make([]AgentKey, len(items))
	for i, it := range items {
		out[i] = it.AgentKey
	}
	return out, next, nil
}

// Revoke removes credential id of the caller's account at once: its lookup
// item goes, so the next request with it is refused, the webhook endpoints
// it created are disabled and the owner's notice is written (through the
// mail outbox) in the same transaction.
func (s *Service) Revoke(ctx context.Context, id string) (AgentKey, error) {
	return s.RevokeBecause(ctx, id, "")
}

// RevokeBecause is Revoke with the reason the owner's notice gives (empty
// for none: the caller asked for it).
func (s *Service) RevokeBecause(ctx context.Context, id, reason string) (AgentKey, error) {
	p, _ := auth.From(ctx)
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(p.AccountID), dynamo.CredentialSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return AgentKey{}, ErrNotFound
	}
	if err != nil {
		return AgentKey{}, apperr.Wrap("credentials.Revoke", err)
	}
	now := s.Clock.Now()
	tx := &dynamo.Tx{}
	tx.Delete("credential", it.PK, it.SK, "attribute_exists(pk)")
	tx.Delete("credential_lookup", dynamo.CredentialHashPK(it.Hash), dynamo.CredentialHashSK, "")
	tx.Update("credential_count", dynamo.AccountPK(p.AccountID), dynamo.AccountSK, &types.Update{
		UpdateExpression:         aws.String("ADD #n :minus"),
		ExpressionAttributeNames: map[string]string{"#n": CountAttribute},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":minus": &types.AttributeValueMemberN{Value: "-1"},
		},
	})
	if s.Listener != nil {
		if err := s.Listener.CredentialRevoked(ctx, tx, p.AccountID, id); err != nil {
			return AgentKey{}, apperr.Wrap("credentials.Revoke", err)
		}
	}
	s.record(tx, p, now, it.AgentKey, "revoked")
	s.notifyRevoked(tx, p, it.AgentKey, now, reason)
	if err := s.Table.Commit(ctx, tx, it.AgentKey); err != nil {
		var ce *dynamo.CanceledError
		switch {
		case errors.As(err, &ce) && ce.Has("credential"):
			return AgentKey{}, ErrNotFound // revoked by a concurrent call
		case errors.As(err, &ce):
			return AgentKey{}, apperr.New(apperr.Conflict, "Something this key created changed at the same moment. Retry the revocation.")
		}
		return AgentKey{}, apperr.Wrap("credentials.Revoke", err)
	}
	return it.AgentKey, nil
}

// Authenticate accepts an active agent key (see Authenticator).
func (s *Service) Authenticate(ctx context.Context, credential, ip string) (auth.Principal, error) {
	return s.authenticator().Authenticate(ctx, credential, ip)
}

func (s *Service) authenticator() *Authenticator {
	return &Authenticator{Table: s.Table, Clock: s.Clock, TouchEvery: s.TouchEvery}
}
