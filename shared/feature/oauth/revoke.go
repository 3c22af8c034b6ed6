package oauth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// Revoke answers a revocation request (RFC 7009): a refresh token or an
// access token (even an expired one) of this server disconnects its
// connection at once, with the app as the actor. Tokens that are unknown
// or already dead change nothing and are not an error (2.2). A client_id
// that is not registered is refused (invalid_client), and so is a token
// issued to another client than the one named (unauthorized_client, 2.1):
// the client learns that nothing was revoked. A parameter sent twice, a
// missing token and a client_id that differs from the Authorization
// header's are invalid_request. Errors are *Error.
func (s *Service) Revoke(ctx context.Context, req TokenRequest, ip string) error {
	if e := onlyOnce(req.Form, "token", "token_type_hint", "client_id"); e != nil {
		return e
	}
	token := req.Form.Get("token")
	if token == "" {
		return Errorf(InvalidRequest, "token is required: the refresh or access token to revoke.")
	}
	clientID, e := req.client()
	if e != nil {
		return e
	}
	if clientID != "" {
		if _, err := s.Client(ctx, clientID); errors.Is(err, ErrUnknownClient) {
			return Errorf(InvalidClient, "The client_id is not registered here.")
		} else if err != nil {
			return fmt.Errorf("oauth: revoke: %w", err)
		}
	}
	g, refresh, err := s.grantOf(ctx, token)
	if err != nil || g == nil {
		return err
	}
	if clientID != "" && clientID != g.ClientID {
		return badRequest(UnauthorizedClient, "The token was issued to another client: a client may revoke only its own tokens. Nothing was revoked.")
	}
	app, err := s.Credentials.AuthenticateConnection(ctx, g.ConnectionID, ip)
	if apperr.Is(err, apperr.Unauthorized) {
		app, err = auth.Principal{}, nil // already disconnected
	}
	if err != nil {
		return fmt.Errorf("oauth: revoke: %w", err)
	}
	if app.AccountID == g.AccountID {
		if _, err := s.Credentials.Revoke(auth.With(ctx, app), g.ConnectionID); err != nil && !apperr.Is(err, apperr.NotFound) {
			return fmt.Errorf("oauth: revoke: %w", err)
		}
	}
	if refresh != nil {
		if err := s.Table.Delete(ctx, refresh.PK, refresh.SK); err != nil {
			return fmt.Errorf("oauth: revoke: %w", err)
		}
	}
	return nil
}

// grantOf returns the grant of a refresh token (and its item) or of an
// access token this server signed; nil when token is neither.
func (s *Service) grantOf(ctx context.Context, token string) (*grant, *refreshItem, error) {
	if strings.HasPrefix(token, RefreshPrefix) {
		var it refreshItem
		err := s.Table.Get(ctx, dynamo.OAuthRefreshPK(hashOf(token)), dynamo.OAuthRefreshSK, &it)
		if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.forgotten(s.Clock.Now())) {
			return nil, nil, nil
		}
		if err != nil {
			return nil, nil, fmt.Errorf("oauth: revoke: %w", err)
		}
		return &it.grant, &it, nil
	}
	c, err := s.Tokens.parseSigned(token)
	if errors.Is(err, errBadToken) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("oauth: revoke: %w", err)
	}
	return &grant{AccountID: c.Subject, ConnectionID: c.ConnectionID, ClientID: c.ClientID}, nil, nil
}
