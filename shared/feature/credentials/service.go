package credentials

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
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
// it (the webhooks feature disables the endpoints the credential created)
// and answers how many webhook endpoints that disables, which the owner's
// revocation notice tells.
type RevokeListener interface {
	CredentialRevoked(ctx context.Context, tx *dynamo.Tx, accountID, credentialID string) (disabledWebhooks int, err error)
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
// fails (named "credential_limit") once MaxActive are active, or when the
// account is deleted (LimitOrGone tells which).
func CountUp(tx *dynamo.Tx, accountID string) {
	n := expression.Name(CountAttribute)
	tx.UpdateExpr("credential_limit", dynamo.AccountPK(accountID), dynamo.AccountSK, expression.NewBuilder().
		WithUpdate(expression.Add(n, expression.Value(1))).
		WithCondition(LiveAccount().And(expression.Or(expression.AttributeNotExists(n), n.LessThan(expression.Value(MaxActive))))))
}

// DeletedAttribute marks a deleted account's tombstone (package accounts
// writes it): nothing that authenticates is made for such an account.
const DeletedAttribute = "deleted_at"

// LiveAccount is the condition, on an account's item, that the account
// exists and is not deleted (accounts.CheckLive is the same as a check of
// its own). A write that makes a credential (an agent key, an app
// connection, a site key) or something a credential's revocation must find
// (a webhook endpoint) holds it, so the deletion's revocation, which runs
// after its tombstone is written, never misses it.
func LiveAccount() expression.ConditionBuilder {
	return expression.AttributeExists(expression.Name(dynamo.PK)).And(expression.AttributeNotExists(expression.Name(DeletedAttribute)))
}

// accountGone reports whether account accountID is deleted (or gone).
func accountGone(ctx context.Context, t *dynamo.Table, accountID string) (bool, error) {
	var a struct {
		DeletedAt *string `dynamodbav:"deleted_at"`
	}
	err := t.Get(ctx, dynamo.AccountPK(accountID), dynamo.AccountSK, &a)
	if errors.Is(err, dynamo.ErrNotFound) {
		return true, nil
	}
	return err == nil && a.DeletedAt != nil, err
}

// LimitOrGone is the answer to a write whose LiveAccount condition next to
// a limit failed: ErrCredentialGone when the account is deleted, else
// tooMany.
func LimitOrGone(ctx context.Context, t *dynamo.Table, accountID string, tooMany error) error {
	gone, err := accountGone(ctx, t, accountID)
	switch {
	case err != nil:
		return apperr.Wrap("credentials.LimitOrGone", err)
	case gone:
		return ErrCredentialGone
	}
	return tooMany
}

// ErrCredentialGone answers a request whose credential was revoked, or
// whose account was deleted, while it ran: the one 401 of a refused
// credential.
var ErrCredentialGone = apperr.New(apperr.Unauthorized, "")

// OwnedAttribute is the credential item's count of Own writes.
const OwnedAttribute = "owned"

// Own adds to tx an update of credential credentialID of account accountID,
// named "credential", for a write that gives the credential something its
// revocation must change (a webhook endpoint it creates): tx fails on it
// once the credential is revoked, and a revocation that read what the
// credential owns before tx committed fails and reads again, so it never
// misses what tx adds.
func Own(tx *dynamo.Tx, accountID, credentialID string) {
	tx.UpdateExpr("credential", dynamo.AccountPK(accountID), dynamo.CredentialSK(credentialID), expression.NewBuilder().
		WithUpdate(expression.Add(expression.Name(OwnedAttribute), expression.Value(1))).
		WithCondition(expression.AttributeExists(expression.Name(dynamo.PK))))
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
	s.notifyOwner(tx, p, k)
	if err := s.Table.Commit(ctx, tx, k); err != nil {
		if dynamo.FailedOn(err, "credential_limit") {
			return AgentKey{}, LimitOrGone(ctx, s.Table, p.AccountID, errTooMany)
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
		Summary:  fmt.Sprintf("%s %s %s", what, nouns.Quoted(k.Name), verb),
	})
	s.Events.Emit(tx, p.AccountID, "", "agent_access."+verb, map[string]any{"agent_key": k.Public()})
}

// List returns the account's active keys and connections, oldest first.
// The caller's own credential (the principal in ctx) shows the use that
// this request is, as last_used_at will hold once it is written.
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
	p, _ := auth.From(ctx)
	now, every := s.Clock.Now(), touchEvery(s.TouchEvery)
	out := make([]AgentKey, len(items))
	for i, it := range items {
		out[i] = it.AgentKey
		if it.ID == p.CredentialID && stale(it.LastUsedAt, now, every) {
			// This request is the caller's use, written beside it (see
			// Authenticator.touch): the list may read the key first.
			out[i].LastUsedAt = aws.String(clock.Format(now))
		}
	}
	return out, next, nil
}

// stale reports whether a credential's stored last use (nil: never) is
// every or more before now: a use at now is written over it.
func stale(lastUsed *string, now time.Time, every time.Duration) bool {
	if lastUsed == nil {
		return true
	}
	at, err := clock.Parse(*lastUsed)
	return err != nil || now.Sub(at) >= every
}

// Revoke removes credential id of the caller's account at once: its lookup
// item goes, so the next request with it is refused, the webhook endpoints
// it created are disabled and the owner's notice is written (through the
// mail outbox) in the same transaction.
func (s *Service) Revoke(ctx context.Context, id string) (AgentKey, error) {
	return s.RevokeBecause(ctx, id, "")
}

// RevokeBecause is Revoke with the reason the owner's notice gives (empty
// for none: the caller asked for it). A revocation that meets a change of
// what the credential owns (see Own: an endpoint it creates, enables,
// changes or deletes at the same moment), or a refresh of an app
// connection's token, reads again; after maxOwnedRaces
// such reads it answers conflict.
func (s *Service) RevokeBecause(ctx context.Context, id, reason string) (AgentKey, error) {
	for try := 0; ; try++ {
		k, err := s.revoke(ctx, id, reason)
		if !errors.Is(err, errOwnedMoved) {
			return k, err
		}
		if try == maxOwnedRaces {
			return AgentKey{}, apperr.New(apperr.Conflict, "Something this key or connection created kept changing while it was being revoked. Retry the revocation.")
		}
	}
}

// maxOwnedRaces bounds how often a revocation reads again because what
// the credential owns changed meanwhile.
const maxOwnedRaces = 5

// errOwnedMoved is revoke's answer when what the credential owns changed
// between the revocation's reads and its commit.
var errOwnedMoved = errors.New("credentials: what the credential owns changed during its revocation")

// revoke runs one attempt of RevokeBecause.
func (s *Service) revoke(ctx context.Context, id, reason string) (AgentKey, error) {
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
	owned := expression.AttributeNotExists(expression.Name(OwnedAttribute))
	if it.Owned != 0 {
		owned = expression.Name(OwnedAttribute).Equal(expression.Value(it.Owned))
	}
	// An app connection's current refresh token has no expiry: it goes
	// with the connection (else nothing would delete it, erasing the
	// account included), on condition that no refresh replaced it since.
	refresh := expression.AttributeNotExists(expression.Name(RefreshHashAttribute))
	if it.RefreshHash != "" {
		refresh = expression.Name(RefreshHashAttribute).Equal(expression.Value(it.RefreshHash))
		tx.Delete("refresh_token", dynamo.OAuthRefreshPK(it.RefreshHash), dynamo.OAuthRefreshSK, "")
	}
	tx.DeleteExpr("credential", it.PK, it.SK, expression.AttributeExists(expression.Name(dynamo.PK)).And(owned, refresh))
	tx.Delete("credential_lookup", dynamo.CredentialHashPK(it.Hash), dynamo.CredentialHashSK, "")
	tx.Update("credential_count", dynamo.AccountPK(p.AccountID), dynamo.AccountSK, &types.Update{
		UpdateExpression:         aws.String("ADD #n :minus"),
		ExpressionAttributeNames: map[string]string{"#n": CountAttribute},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":minus": &types.AttributeValueMemberN{Value: "-1"},
		},
	})
	disabled := 0
	if s.Listener != nil {
		n, err := s.Listener.CredentialRevoked(ctx, tx, p.AccountID, id)
		if err != nil {
			return AgentKey{}, apperr.Wrap("credentials.Revoke", err)
		}
		disabled = n
	}
	s.record(tx, p, now, it.AgentKey, "revoked")
	s.notifyRevoked(tx, p, it.AgentKey, now, reason, disabled)
	if err := s.Table.Commit(ctx, tx, it.AgentKey); err != nil {
		var ce *dynamo.CanceledError
		switch {
		case errors.As(err, &ce) && ce.Has("credential"):
			var again item
			if gerr := s.Table.Get(ctx, it.PK, it.SK, &again); errors.Is(gerr, dynamo.ErrNotFound) {
				return AgentKey{}, ErrNotFound // revoked by a concurrent call
			}
			return AgentKey{}, errOwnedMoved // given something meanwhile: read again
		case errors.As(err, &ce):
			return AgentKey{}, errOwnedMoved // something it created changed meanwhile: read again
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
