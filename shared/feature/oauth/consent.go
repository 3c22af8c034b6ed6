package oauth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// ErrTooManyConnections is returned when the owner approves an app while
// the account has credentials.MaxActive keys and connections.
var ErrTooManyConnections = fmt.Errorf("oauth: the account already has %d active agent keys and app connections", credentials.MaxActive)

// Approve answers pending request id with the owner's Connect: in one
// transaction the request is answered, the app's connection is created
// (counting toward the account's limit, with its activity entry and
// agent_access.created event) and a single-use authorization code is
// stored; the owner's email notice goes into the mail outbox in the same
// transaction. It returns the redirect that carries the code and state back
// to the app. Errors: ErrNoRequest, ErrRequestGone, ErrTooManyConnections,
// credentials.ErrCredentialGone (the account was deleted meanwhile).
func (s *Service) Approve(ctx context.Context, owner auth.Principal, email, id string) (string, error) {
	r, err := s.Pending(ctx, id)
	if err != nil {
		return "", err
	}
	now := s.Clock.Now()
	code, err := s.codeFor(r.ID)
	if err != nil {
		return "", fmt.Errorf("oauth: approve: %w", err)
	}
	hash := hashOf(code)
	tx := &dynamo.Tx{}
	answerRequest(tx, r.ID, statusApproved, now)
	k := s.Credentials.PutConnection(tx, owner, credentials.Connection{ID: ids.Sortable(), ClientID: r.ClientID, ClientName: r.ClientName}, now)
	exp := clock.EndSecond(now.Add(CodeLifetime)) // the whole CodeLifetime
	tx.PutNew("code", codeItem{
		PK: dynamo.OAuthCodePK(hash), SK: dynamo.OAuthCodeSK,
		grant: grant{
			AccountID: owner.AccountID, ConnectionID: k.ID, ClientID: r.ClientID, Email: email,
			Scope: r.Scope, Resources: r.Resources, Issuer: r.Issuer,
		},
		RedirectURI: r.RedirectURI, RedirectURISent: r.RedirectURISent, CodeChallenge: r.CodeChallenge,
		ExpiresAt: exp.Unix(), TTL: ttl(exp),
	})
	dynamo.PutLinkIndex(tx, owner.AccountID, dynamo.OAuthCodePK(hash), dynamo.OAuthCodeSK, ttl(exp))
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		switch {
		case dynamo.FailedOn(err, "request"):
			return "", ErrRequestGone // answered by a concurrent request, or expired
		case dynamo.FailedOn(err, "credential_limit"):
			// The account is full, or was deleted meanwhile.
			return "", credentials.LimitOrGone(ctx, s.Table, owner.AccountID, ErrTooManyConnections)
		}
		return "", fmt.Errorf("oauth: approve: %w", err)
	}
	return answer(r.RedirectURI, r.Issuer, r.State, url.Values{"code": {code}}), nil
}

// Deny answers pending request id with the owner's Cancel and returns the
// redirect that carries access_denied and state back to the app. Errors:
// ErrNoRequest, ErrRequestGone.
func (s *Service) Deny(ctx context.Context, id string) (string, error) {
	r, err := s.Pending(ctx, id)
	if err != nil {
		return "", err
	}
	tx := &dynamo.Tx{}
	answerRequest(tx, r.ID, statusDenied, s.Clock.Now())
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		if errors.Is(err, dynamo.ErrConditionFailed) {
			return "", ErrRequestGone
		}
		return "", fmt.Errorf("oauth: deny: %w", err)
	}
	return answer(r.RedirectURI, r.Issuer, r.State, url.Values{
		"error": {AccessDenied}, "error_description": {"The owner cancelled the connection."},
	}), nil
}

// answerRequest adds to tx the answer to a request (named "request"),
// which holds only while it is pending and unexpired: each request is
// answered once.
func answerRequest(tx *dynamo.Tx, id, status string, now time.Time) {
	tx.Update("request", dynamo.OAuthRequestPK(id), dynamo.OAuthRequestSK, &types.Update{
		UpdateExpression:         aws.String("SET #s = :answer"),
		ConditionExpression:      aws.String("#s = :pending AND expires_at > :now"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":answer":  &types.AttributeValueMemberS{Value: status},
			":pending": &types.AttributeValueMemberS{Value: statusPending},
			":now":     &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)},
		},
	})
}

// codePurpose derives the key authorization codes are made with.
const codePurpose = "oauth-authorization-code-v1"

// codeFor returns the authorization code of request id: an HMAC-SHA256 of
// the request's random id under a key derived from the master key, so it
// is as unguessable as a random one, and the same each time it is asked
// for (ApprovedAgain). Only its hash is stored.
func (s *Service) codeFor(id string) (string, error) {
	key, err := s.Tokens.keys.Derive(codePurpose)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}

// ApprovedAgain answers a second Connect of request id by the owner who
// approved it (a double click, a form sent twice while the first answer
// was on its way): the redirect the approval gave, with the same code, as
// long as the code is unused and live. It returns the request too, so
// the page can check the browser it is bound to. Anything else is
// ErrRequestGone, as for any request answered before.
func (s *Service) ApprovedAgain(ctx context.Context, owner auth.Principal, id string) (Request, string, error) {
	if !ids.Valid(id) {
		return Request{}, "", ErrRequestGone
	}
	var it requestItem
	err := s.Table.Get(ctx, dynamo.OAuthRequestPK(id), dynamo.OAuthRequestSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.Status != statusApproved) {
		return Request{}, "", ErrRequestGone
	}
	if err != nil {
		return Request{}, "", fmt.Errorf("oauth: read authorization request: %w", err)
	}
	code, err := s.codeFor(id)
	if err != nil {
		return Request{}, "", fmt.Errorf("oauth: approve again: %w", err)
	}
	var c codeItem
	err = s.Table.Get(ctx, dynamo.OAuthCodePK(hashOf(code)), dynamo.OAuthCodeSK, &c)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Request{}, "", ErrRequestGone
	}
	if err != nil {
		return Request{}, "", fmt.Errorf("oauth: read authorization code: %w", err)
	}
	if c.AccountID != owner.AccountID || c.RedeemedAt != 0 || !live(c.ExpiresAt, s.Clock.Now()) {
		return Request{}, "", ErrRequestGone
	}
	return it.Request, answer(it.RedirectURI, it.Issuer, it.State, url.Values{"code": {code}}), nil
}
