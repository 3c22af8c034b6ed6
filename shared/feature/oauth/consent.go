package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/auth"
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
// to the app. Errors: ErrNoRequest, ErrRequestGone, ErrTooManyConnections.
func (s *Service) Approve(ctx context.Context, owner auth.Principal, email, id string) (string, error) {
	r, err := s.Pending(ctx, id)
	if err != nil {
		return "", err
	}
	now := s.Clock.Now()
	code, hash := newSecret("")
	tx := &dynamo.Tx{}
	answerRequest(tx, r.ID, statusApproved, now)
	k := s.Credentials.PutConnection(tx, owner, credentials.Connection{ID: ids.Sortable(), ClientID: r.ClientID, ClientName: r.ClientName}, now)
	exp := now.Add(CodeLifetime)
	tx.PutNew("code", codeItem{
		PK: dynamo.OAuthCodePK(hash), SK: dynamo.OAuthCodeSK,
		grant: grant{
			AccountID: owner.AccountID, ConnectionID: k.ID, ClientID: r.ClientID, Email: email,
			Scope: r.Scope, Resources: r.Resources, Issuer: r.Issuer,
		},
		RedirectURI: r.RedirectURI, RedirectURISent: r.RedirectURISent, CodeChallenge: r.CodeChallenge,
		ExpiresAt: exp.Unix(), TTL: ttl(exp),
	})
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		switch {
		case dynamo.FailedOn(err, "request"):
			return "", ErrRequestGone // answered by a concurrent request, or expired
		case dynamo.FailedOn(err, "credential_limit"):
			return "", ErrTooManyConnections
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
