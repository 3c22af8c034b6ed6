package sitekeys

import (
	"context"
	"errors"
	"log/slog"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// ErrUnauthorized is the one answer to every key that is not accepted:
// missing, malformed, unknown or revoked.
var ErrUnauthorized = apperr.New(apperr.Unauthorized, "")

// Authenticate accepts an active site key with one read of its lookup item,
// and records when the key was last used (at most once per TouchEvery),
// beside the rest of the request (par.Go). It
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
	par.Go(ctx, func(ctx context.Context) { s.touch(ctx, l) })
	return Holder{AccountID: l.AccountID, SiteID: l.SiteID, KeyID: l.KeyID, Prefix: l.Prefix}, nil
}

// touch writes last_used_at when the stored use is older than TouchEvery.
// A failure is logged: the request goes on.
func (s *Service) touch(ctx context.Context, l lookup) {
	now := s.Clock.Now()
	if now.UnixMilli()-l.TouchedAt < TouchEvery.Milliseconds() {
		return
	}
	if err := s.Table.RecordUse(ctx, l.PK, l.SK, dynamo.SitePK(l.SiteID), dynamo.SiteKeySK(l.KeyID), now); err != nil {
		slog.WarnContext(ctx, "record site key use", "key_id", l.KeyID, "err", err)
	}
}
