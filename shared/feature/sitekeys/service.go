package sitekeys

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Service creates, lists and revokes site keys, and authenticates public
// API requests with them.
type Service struct {
	Table *dynamo.Table
	Clock clock.Clock
	Sites *sites.Store
}

// ErrNotFound is returned for a key that is not one of the site's.
var ErrNotFound = apperr.NotFoundf("No site key with that id on this site.")

var errTooMany = apperr.Newf(apperr.Conflict, "This site already has %d active site keys. Revoke one before adding another.", MaxPerSite)

// NewKey is what POST /sites/{site_id}/keys takes.
type NewKey struct {
	Name *string // optional label
}

// Create makes a new key for the caller's site and records it in the
// activity log. The returned key carries its secret, which is never shown
// again. The caller's plan was checked by the billing gate.
func (s *Service) Create(ctx context.Context, siteID string, in NewKey) (SiteKey, error) {
	p, _ := auth.From(ctx)
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return SiteKey{}, err
	}
	now := s.Clock.Now()
	secret, hash := NewSecret()
	id := ids.Sortable()
	r := record{
		PK: dynamo.SitePK(siteID), SK: dynamo.SiteKeySK(id), ID: id, AccountID: p.AccountID, SiteID: siteID,
		Name: in.Name, Prefix: DisplayPrefix(secret), Hash: hash, CreatedAt: clock.Format(now), CreatedBy: p.Actor,
	}
	tx := &dynamo.Tx{}
	tx.Update("site_key_count", dynamo.SitePK(siteID), dynamo.SiteKeyCountSK, &types.Update{
		UpdateExpression:    aws.String("ADD n :one"),
		ConditionExpression: aws.String("attribute_not_exists(n) OR n < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
			":max": &types.AttributeValueMemberN{Value: strconv.Itoa(MaxPerSite)},
		},
	})
	accounts.CheckLive(tx, p.AccountID) // the account's deletion finds every key it must revoke
	tx.PutNew("site_key", r)
	tx.PutNew("site_key_lookup", lookup{
		PK: dynamo.SiteKeyHashPK(hash), SK: dynamo.SiteKeyHashSK,
		AccountID: p.AccountID, SiteID: siteID, KeyID: r.ID, Prefix: r.Prefix,
	})
	activity.Record(tx, now, p, activity.Change{
		Action: "site_key.created", SiteID: siteID, Resource: activity.Resource{Type: "site_key", ID: r.ID},
		Summary: fmt.Sprintf("Site key %s created%s", r.Prefix, label(r.Name)),
	})
	k := r.view(now)
	k.Key = secret
	if err := s.Table.Commit(ctx, tx, k); err != nil {
		if dynamo.FailedOn(err, "site_key_count") {
			return SiteKey{}, errTooMany
		}
		if dynamo.FailedOn(err, "account") {
			return SiteKey{}, credentials.ErrCredentialGone
		}
		return SiteKey{}, apperr.Wrap("sitekeys.Create", err)
	}
	return k, nil
}

func label(name *string) string {
	if name == nil {
		return ""
	}
	return " (" + nouns.Quoted(*name) + ")"
}

var badCursor = apperr.BadCursor()

// List returns the active keys of the caller's site, oldest first, without
// their secrets.
func (s *Service) List(ctx context.Context, siteID string, limit int, cursor string) ([]SiteKey, string, error) {
	p, _ := auth.From(ctx)
	pk := dynamo.SitePK(siteID)
	var recs []record
	var next string
	_, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) error {
		cur, err := dynamo.DecodeCursor(cursor)
		if err != nil {
			return badCursor
		}
		in, err := dynamo.PartitionPrefix(pk, dynamo.SiteKeyPrefix).Input()
		if err != nil {
			return err
		}
		in.ConsistentRead = aws.Bool(true)
		recs, next, err = dynamo.QueryPage[record](ctx, s.Table, in, limit, cur, pk)
		return err
	})
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", badCursor
	}
	if err != nil {
		return nil, "", apperr.Wrap("sitekeys.List", err)
	}
	now := s.Clock.Now()
	out := make([]SiteKey, len(recs))
	for i, r := range recs {
		out[i] = r.view(now)
	}
	return out, next, nil
}

// Revoke removes key id of the caller's site at once: its lookup item goes
// in the same transaction, so the next request with it is refused.
func (s *Service) Revoke(ctx context.Context, siteID, id string) (SiteKey, error) {
	p, _ := auth.From(ctx)
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return SiteKey{}, err
	}
	var r record
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.SiteKeySK(id), &r)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && r.AccountID != p.AccountID) {
		return SiteKey{}, ErrNotFound
	}
	if err != nil {
		return SiteKey{}, apperr.Wrap("sitekeys.Revoke", err)
	}
	now := s.Clock.Now()
	tx := &dynamo.Tx{}
	tx.Delete("site_key", r.PK, r.SK, "attribute_exists(pk)")
	tx.Delete("site_key_lookup", dynamo.SiteKeyHashPK(r.Hash), dynamo.SiteKeyHashSK, "")
	tx.Update("site_key_count", dynamo.SitePK(siteID), dynamo.SiteKeyCountSK, &types.Update{
		UpdateExpression: aws.String("ADD n :minus"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":minus": &types.AttributeValueMemberN{Value: "-1"},
		},
	})
	activity.Record(tx, now, p, activity.Change{
		Action: "site_key.revoked", SiteID: siteID, Resource: activity.Resource{Type: "site_key", ID: r.ID},
		Summary: fmt.Sprintf("Site key %s revoked%s", r.Prefix, label(r.Name)),
	})
	k := r.view(now)
	if err := s.Table.Commit(ctx, tx, k); err != nil {
		if errors.Is(err, dynamo.ErrConditionFailed) {
			return SiteKey{}, ErrNotFound // revoked by a concurrent call
		}
		return SiteKey{}, apperr.Wrap("sitekeys.Revoke", err)
	}
	return k, nil
}
