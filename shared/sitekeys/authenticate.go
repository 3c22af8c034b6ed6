package sitekeys

import (
	"context"
	"errors"
	"log/slog"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/apperr"
	"rvcontent/shared/clock"
	"rvcontent/shared/dynamo"
)

// ErrUnauthorized is the one answer to every key that is not accepted:
// missing, malformed, unknown or revoked.
var ErrUnauthorized = apperr.New(apperr.Unauthorized, "")

// Authenticate accepts an active site key with one read of its lookup item,
// and records when the key was last used (at most once per TouchEvery). It
// returns ErrUnauthorized for any other string.
func (s *Service) Authenticate(ctx context.Context, secret string) (Holder, error) {
	if !LooksLikeKey(secret) {
		return Holder{}, ErrUnauthorized
	}
	var l lookup
	err := s.Table.Get(ctx, dynamo.SiteKeyHashPK(Hash(secret)), dynamo.SiteKeyHashSK, &l)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Holder{}, ErrUnauthorized
	}
	if err != nil {
		return Holder{}, apperr.Wrap("sitekeys.Authenticate", err)
	}
	s.touch(ctx, l)
	return Holder{AccountID: l.AccountID, SiteID: l.SiteID, KeyID: l.KeyID, Prefix: l.Prefix}, nil
}

// touch writes last_used_at when the stored use is older than TouchEvery.
// A failure is logged: the request goes on.
func (s *Service) touch(ctx context.Context, l lookup) {
	now := s.Clock.Now()
	if now.UnixMilli()-l.TouchedAt < TouchEvery.Milliseconds() {
		return
	}
	tx := &dynamo.Tx{}
	tx.Update("lookup", l.PK, l.SK, &types.Update{
		UpdateExpression:    aws.String("SET touched_at = :now"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.UnixMilli(), 10)},
		},
	})
	tx.Update("site_key", dynamo.SitePK(l.SiteID), dynamo.SiteKeySK(l.KeyID), &types.Update{
		UpdateExpression:    aws.String("SET last_used_at = :at"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":at": &types.AttributeValueMemberS{Value: clock.Format(now)},
		},
	})
	if err := s.Table.Commit(ctx, tx, nil); err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		slog.WarnContext(ctx, "record site key use", "key_id", l.KeyID, "err", err)
	}
}
