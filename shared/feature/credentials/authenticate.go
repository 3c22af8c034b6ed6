package credentials

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// Authenticator accepts agent keys and OAuth connections with one read of
// their lookup item each, and records when a credential was last used. It
// needs only the table: what every function that checks a credential
// links.
type Authenticator struct {
	Table *dynamo.Table
	Clock clock.Clock
	// TouchEvery is how often last_used_at is written for a busy key; one
	// minute when zero.
	TouchEvery time.Duration
}

// errUnauthorized is the one answer to every credential that is not accepted.
var errUnauthorized = apperr.New(apperr.Unauthorized, "")

// Authenticate accepts an active agent key with one read of its lookup item,
// and records when the key was last used (at most once per TouchEvery),
// beside the rest of the request (par.Go), so the write adds no round trip.
func (s *Authenticator) Authenticate(ctx context.Context, credential, ip string) (auth.Principal, error) {
	if !LooksLikeKey(credential) {
		return auth.Principal{}, errUnauthorized
	}
	return s.authenticateHash(ctx, Hash(credential), ip)
}

// authenticateHash reads the lookup item of hash (one GetItem) and returns
// its principal, or unauthorized when there is none.
func (s *Authenticator) authenticateHash(ctx context.Context, hash, ip string) (auth.Principal, error) {
	var l lookup
	err := s.Table.Get(ctx, dynamo.CredentialHashPK(hash), dynamo.CredentialHashSK, &l)
	if errors.Is(err, dynamo.ErrNotFound) {
		return auth.Principal{}, errUnauthorized
	}
	if err != nil {
		return auth.Principal{}, apperr.Wrap("credentials.Authenticate", err)
	}
	par.Go(ctx, func(ctx context.Context) { s.touch(ctx, l) })
	actor := auth.ActorAgent
	if l.Type == TypeOAuth {
		actor = auth.ActorApp
	}
	return auth.Principal{
		AccountID:    l.AccountID,
		Actor:        auth.Actor{Type: actor, ID: l.CredentialID, Name: l.Name},
		CredentialID: l.CredentialID,
		IP:           ip,
	}, nil
}

// touch writes last_used_at when the stored one is older than TouchEvery.
func (s *Authenticator) touch(ctx context.Context, l lookup) {
	every := touchEvery(s.TouchEvery)
	now := s.Clock.Now()
	if now.UnixMilli()-l.TouchedAt < every.Milliseconds() {
		return
	}
	if err := s.Table.RecordUse(ctx, l.PK, l.SK, dynamo.AccountPK(l.AccountID), dynamo.CredentialSK(l.CredentialID), now); err != nil {
		slog.WarnContext(ctx, "record key use", "credential_id", l.CredentialID, "err", err)
	}
}

// touchEvery is how often a credential's use is written when configured
// as every: one minute when zero.
func touchEvery(every time.Duration) time.Duration {
	if every == 0 {
		return time.Minute
	}
	return every
}

// AuthenticateConnection accepts OAuth connection id while it exists, with
// one read of its lookup item, and records its use like a key's.
func (s *Authenticator) AuthenticateConnection(ctx context.Context, connectionID, ip string) (auth.Principal, error) {
	p, err := s.authenticateHash(ctx, ConnectionHash(connectionID), ip)
	if err == nil && p.Actor.Type != auth.ActorApp {
		return auth.Principal{}, errUnauthorized
	}
	return p, err
}
