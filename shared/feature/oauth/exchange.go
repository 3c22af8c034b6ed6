package oauth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// RefreshPrefix begins every refresh token.
const RefreshPrefix = "rv_refresh_"

// TokenResponse is the token endpoint's answer (RFC 6749 5.1).
type TokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
	Scope        string `json:"scope"`
}

// TokenRequest is a token endpoint request: its form parameters, and the
// client_id of HTTP Basic authentication when the client used it.
type TokenRequest struct {
	Form        url.Values
	BasicClient string
}

// onlyOnce refuses a parameter of f sent more than once (RFC 6749 3.1,
// 3.2; RFC 7009 2.1 uses the same encoding).
func onlyOnce(f url.Values, names ...string) *Error {
	for _, name := range names {
		if len(f[name]) > 1 {
			return badRequest(InvalidRequest, name+" may be sent only once.")
		}
	}
	return nil
}

// client returns the client_id the request names, in its form or in its
// Authorization header ("" when neither), and refuses two that differ.
func (req TokenRequest) client() (string, *Error) {
	clientID := req.Form.Get("client_id")
	if req.BasicClient != "" && clientID != "" && req.BasicClient != clientID {
		return "", badRequest(InvalidRequest, "client_id differs from the client of the Authorization header.")
	}
	if clientID == "" {
		clientID = req.BasicClient
	}
	return clientID, nil
}

var (
	errBadCode = badRequest(InvalidGrant, "The authorization code is unknown, used, expired (codes work once, for 10 minutes) or was issued to another client or redirect_uri.")
	errPKCE    = badRequest(InvalidGrant, "code_verifier does not match the code_challenge of the authorization request.")
	errRefresh = badRequest(InvalidGrant, "The refresh token is not valid: it was used already (refresh tokens rotate), or the connection is gone. Ask the owner to connect the app again.")
	errGone    = badRequest(InvalidGrant, "The app's connection was disconnected. Ask the owner to connect the app again.")
)

// Exchange answers a token request: the authorization_code grant (with
// PKCE) or the refresh_token grant (with rotation). Errors are *Error.
func (s *Service) Exchange(ctx context.Context, req TokenRequest) (TokenResponse, error) {
	f := req.Form
	if e := onlyOnce(f, "grant_type", "code", "redirect_uri", "client_id", "code_verifier", "refresh_token"); e != nil {
		return TokenResponse{}, e
	}
	grantType := f.Get("grant_type")
	if grantType == "" {
		return TokenResponse{}, badRequest(InvalidRequest, "grant_type is required: authorization_code or refresh_token.")
	}
	if grantType != GrantAuthorizationCode && grantType != GrantRefreshToken {
		return TokenResponse{}, badRequest(UnsupportedGrantType, "grant_type must be authorization_code or refresh_token.")
	}
	clientID, e := req.client()
	if e != nil {
		return TokenResponse{}, e
	}
	if clientID == "" {
		return TokenResponse{}, Errorf(InvalidClient, "client_id is required.")
	}
	if _, err := s.Client(ctx, clientID); errors.Is(err, ErrUnknownClient) {
		return TokenResponse{}, Errorf(InvalidClient, "The client_id is not registered here.")
	} else if err != nil {
		return TokenResponse{}, s.failed(ctx, err)
	}
	if grantType == GrantAuthorizationCode {
		return s.redeemCode(ctx, clientID, f)
	}
	return s.rotate(ctx, clientID, f.Get("refresh_token"), f["resource"])
}

// checkTarget refuses a token request whose resource parameters (RFC 8707)
// name an address the owner did not approve for g: invalid_target.
func checkTarget(resources []string, g grant) error {
	for _, v := range resources {
		if r, ok := resourceOf(g.Issuer, v); !ok || !slices.Contains(g.Resources, r) {
			return badRequest(InvalidTarget, "resource must be an address this connection was approved for: "+strings.Join(g.Resources, " or ")+".")
		}
	}
	return nil
}

// redeemCode runs the authorization_code grant.
func (s *Service) redeemCode(ctx context.Context, clientID string, f url.Values) (TokenResponse, error) {
	code, verifier := f.Get("code"), f.Get("code_verifier")
	if code == "" {
		return TokenResponse{}, badRequest(InvalidRequest, "code is required.")
	}
	if verifier == "" {
		return TokenResponse{}, badRequest(InvalidRequest, "code_verifier is required (PKCE).")
	}
	var it codeItem
	err := s.Table.Get(ctx, dynamo.OAuthCodePK(hashOf(code)), dynamo.OAuthCodeSK, &it)
	now := s.Clock.Now()
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.forgotten(now)) {
		return TokenResponse{}, errBadCode
	}
	if err != nil {
		return TokenResponse{}, s.failed(ctx, err)
	}
	if it.ClientID != clientID {
		return TokenResponse{}, errBadCode
	}
	if it.RedeemedAt != 0 {
		s.replayed(ctx, it.grant, "authorization code", codeReuseReason)
		return TokenResponse{}, errBadCode
	}
	redirect := f.Get("redirect_uri")
	redirectMismatch := (redirect != "" || it.RedirectURISent) && redirect != it.RedirectURI
	if !live(it.ExpiresAt, now) || redirectMismatch {
		return TokenResponse{}, errBadCode
	}
	if !verifyPKCE(verifier, it.CodeChallenge) {
		return TokenResponse{}, errPKCE
	}
	if err := checkTarget(f["resource"], it.grant); err != nil {
		return TokenResponse{}, err
	}
	redeemed := it
	redeemed.RedeemedAt = now.Unix()
	tx := &dynamo.Tx{}
	tx.Put("code", redeemed, "attribute_exists(pk) AND attribute_not_exists(redeemed_at)", nil)
	return s.issue(ctx, tx, it.grant, errBadCode)
}

// RotatedKept is how long a replaced refresh token is remembered: its
// reuse within that time revokes the connection; later it is only unknown.
const RotatedKept = 90 * 24 * time.Hour

// What the owner's revocation notice says when a refresh token or an
// authorization code is presented again.
const (
	reuseReason     = "a refresh token that had already been replaced was presented again, which means it may have been copied; connect the app again if you still use it"
	codeReuseReason = "an authorization code that had already been exchanged was presented again, which means it may have been copied; connect the app again if you still use it"
)

// rotate runs the refresh_token grant: the presented token is marked
// rotated and its successor stored in one transaction, which holds only
// while the connection exists. A rotated token presented again by its
// client is reuse (RFC 9700 4.14.2): the whole connection is revoked, so
// its newer refresh and access tokens stop working too.
func (s *Service) rotate(ctx context.Context, clientID, token string, resources []string) (TokenResponse, error) {
	if token == "" {
		return TokenResponse{}, badRequest(InvalidRequest, "refresh_token is required.")
	}
	var it refreshItem
	err := s.Table.Get(ctx, dynamo.OAuthRefreshPK(hashOf(token)), dynamo.OAuthRefreshSK, &it)
	now := s.Clock.Now()
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.forgotten(now)) {
		return TokenResponse{}, errRefresh
	}
	if err != nil {
		return TokenResponse{}, s.failed(ctx, err)
	}
	if it.ClientID != clientID {
		return TokenResponse{}, errRefresh
	}
	if it.RotatedAt != 0 {
		s.replayed(ctx, it.grant, "refresh token", reuseReason)
		return TokenResponse{}, errRefresh
	}
	if err := checkTarget(resources, it.grant); err != nil {
		return TokenResponse{}, err
	}
	rotated := it
	rotated.RotatedAt, rotated.TTL = now.Unix(), now.Add(RotatedKept).Unix()
	tx := &dynamo.Tx{}
	tx.Put("presented", rotated, "attribute_exists(pk) AND attribute_not_exists(rotated_at)", nil)
	// Remembered for RotatedKept: deleting the account deletes it too.
	dynamo.PutLinkIndex(tx, it.AccountID, it.PK, it.SK, rotated.TTL)
	resp, err := s.issue(ctx, tx, it.grant, errRefresh)
	if err == errGone {
		// The connection was disconnected: its refresh token goes too.
		if derr := s.Table.Delete(ctx, it.PK, it.SK); derr != nil {
			slog.WarnContext(ctx, "delete refresh token of a gone connection", "err", derr)
		}
	}
	return resp, err
}

// replayed revokes the connection of g, whose refresh token was presented
// after it had been replaced or whose authorization code was presented
// after it had been exchanged (what names which), with the service as the
// actor: agent_access.revoked and the owner's notice, which gives reason,
// follow as for any revocation. A connection already gone needs nothing.
func (s *Service) replayed(ctx context.Context, g grant, what, reason string) {
	slog.WarnContext(ctx, what+" reuse: revoking the connection", "account_id", g.AccountID, "connection_id", g.ConnectionID, "client_id", g.ClientID)
	p := auth.ServiceOnRequest(ctx, g.AccountID, what+" reuse detection")
	if _, err := s.Credentials.RevokeBecause(auth.With(ctx, p), g.ConnectionID, reason); err != nil && !apperr.Is(err, apperr.NotFound) {
		slog.ErrorContext(ctx, "revoke a connection whose "+what+" was reused", "connection_id", g.ConnectionID, "err", err)
	}
}

// issue commits tx (which uses up the presented code or refresh token, and
// fails as used with errUsed) together with a new refresh token for g,
// while g's connection exists, and returns the new tokens. The access
// token is signed first: when the signing key cannot be read, nothing is
// used up, so the client's retry is not taken for a copied code or a
// reused refresh token, which would revoke the connection.
func (s *Service) issue(ctx context.Context, tx *dynamo.Tx, g grant, errUsed *Error) (TokenResponse, error) {
	now := s.Clock.Now()
	access, err := s.Tokens.issue(g, now)
	if err != nil {
		return TokenResponse{}, s.failed(ctx, err)
	}
	refresh, hash := newSecret(RefreshPrefix)
	tx.PutNew("refresh", refreshItem{PK: dynamo.OAuthRefreshPK(hash), SK: dynamo.OAuthRefreshSK, grant: g, CreatedAt: now.Unix()})
	credentials.IssueRefresh(tx, g.AccountID, g.ConnectionID, hash)
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		var ce *dynamo.CanceledError
		switch {
		case errors.As(err, &ce) && ce.Has("connection"):
			return TokenResponse{}, errGone
		case errors.As(err, &ce) && (ce.Has("code") || ce.Has("presented")):
			return TokenResponse{}, errUsed
		}
		return TokenResponse{}, s.failed(ctx, err)
	}
	return TokenResponse{
		AccessToken: access, TokenType: "bearer", ExpiresIn: int(AccessTokenLifetime.Seconds()),
		RefreshToken: refresh, Scope: g.Scope,
	}, nil
}

// verifyPKCE reports whether verifier's S256 transform is challenge
// (RFC 7636 4.6).
func verifyPKCE(verifier, challenge string) bool {
	if !pkcePattern().MatchString(verifier) {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	got := base64.RawURLEncoding.EncodeToString(sum[:])
	return subtle.ConstantTimeCompare([]byte(got), []byte(challenge)) == 1
}

// failed logs an internal failure and returns the server_error answer.
func (s *Service) failed(ctx context.Context, err error) *Error {
	slog.ErrorContext(ctx, "oauth token endpoint", "err", err)
	return ErrServer
}
