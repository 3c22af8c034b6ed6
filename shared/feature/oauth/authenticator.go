package oauth

import (
	"context"
	"errors"
	"strings"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// Connections authenticates an OAuth connection by id with one read; it
// returns an unauthorized error when the connection is gone.
type Connections interface {
	AuthenticateConnection(ctx context.Context, connectionID, ip string) (auth.Principal, error)
}

// Authenticator accepts both credential types of the agent API and MCP
// (spec 5): agent keys (by their rv_agent_ prefix) and OAuth access tokens.
// An access token needs a good signature and expiry, then one read of its
// connection's lookup item, so a disconnect takes effect at once. Every
// refusal is the same unauthorized error.
type Authenticator struct {
	Keys        KeyAuthenticator
	Tokens      *Tokens
	Connections Connections
}

// KeyAuthenticator authenticates an agent key (credentials.Service).
type KeyAuthenticator interface {
	Authenticate(ctx context.Context, key, ip string) (auth.Principal, error)
}

var errUnauthorized = apperr.New(apperr.Unauthorized, "")

// Authenticate returns the principal of credential: an agent (key) or an
// app (connection).
func (a *Authenticator) Authenticate(ctx context.Context, credential, ip string) (auth.Principal, error) {
	if strings.HasPrefix(credential, credentials.KeyPrefix) {
		return a.Keys.Authenticate(ctx, credential, ip)
	}
	c, err := a.Tokens.Verify(credential)
	if errors.Is(err, errBadToken) {
		return auth.Principal{}, errUnauthorized
	}
	if err != nil {
		return auth.Principal{}, apperr.Wrap("oauth.Authenticate", err) // the signing key could not be read
	}
	p, err := a.Connections.AuthenticateConnection(ctx, c.ConnectionID, ip)
	if err != nil {
		return auth.Principal{}, err
	}
	if p.AccountID != c.Subject {
		return auth.Principal{}, errUnauthorized
	}
	return p, nil
}
