package oauth

import (
	"errors"
	"slices"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/secret"
)

// Claims are an access token's claims (RFC 9068): iss is the issuer, sub
// the account, aud the resources, client_id the app and connection_id the
// connection every request checks. email is there when the scope asked for
// it.
type Claims struct {
	jwt.RegisteredClaims
	ClientID     string `json:"client_id"`
	ConnectionID string `json:"connection_id"`
	Scope        string `json:"scope"`
	Email        string `json:"email,omitempty"`
}

// Tokens signs and verifies access tokens: JWTs signed with HMAC-SHA256
// under a key derived from the service's SECRET_KEY, checked against the
// service clock.
type Tokens struct {
	keys  *secret.Source
	clock clock.Clock
	// issuer is the configured issuer; empty to trust the token's own iss
	// when checking its audience.
	issuer string
}

// tokenPurpose derives the signing key from the master key.
const tokenPurpose = "oauth-access-token-signing-key-v1"

// NewTokens returns the access token signer of issuer (the service's base
// URL; may be empty) with a key derived from keys, the master key, when
// first used.
func NewTokens(keys *secret.Source, issuer string, c clock.Clock) *Tokens {
	return &Tokens{keys: keys, clock: c, issuer: issuer}
}

// tokenType is the typ header of access tokens (RFC 9068 2.1).
const tokenType = "at+jwt"

// issue returns a signed access token for g, valid AccessTokenLifetime from
// now. Its iat and exp are whole seconds AccessTokenLifetime apart, from
// now rounded up to its second (clock.EndSecond), so the token works its
// whole lifetime, never a fraction of a second less.
func (t *Tokens) issue(g grant, now time.Time) (string, error) {
	at := clock.EndSecond(now)
	c := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: g.Issuer, Subject: g.AccountID, Audience: jwt.ClaimStrings(g.Resources),
			IssuedAt: jwt.NewNumericDate(at), ExpiresAt: jwt.NewNumericDate(at.Add(AccessTokenLifetime)),
			ID: ids.New(),
		},
		ClientID: g.ClientID, ConnectionID: g.ConnectionID, Scope: g.Scope,
	}
	if sharesEmail(g.Scope) {
		c.Email = g.Email
	}
	key, err := t.keys.Derive(tokenPurpose)
	if err != nil {
		return "", err
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, c)
	tok.Header["typ"] = tokenType
	return tok.SignedString(key)
}

// errBadToken is returned for every access token that is not accepted.
var errBadToken = errors.New("oauth: access token not accepted")

// Verify returns the claims of an access token whose signature, type,
// issuer, audience and expiry are good at the service clock's time.
func (t *Tokens) Verify(token string) (Claims, error) {
	return t.parse(token, jwt.WithTimeFunc(t.clock.Now), jwt.WithExpirationRequired())
}

// parseSigned returns the claims of an access token this service signed,
// even an expired one (revocation accepts those).
func (t *Tokens) parseSigned(token string) (Claims, error) {
	return t.parse(token, jwt.WithoutClaimsValidation())
}

func (t *Tokens) parse(token string, opts ...jwt.ParserOption) (Claims, error) {
	var c Claims
	opts = append(opts, jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}))
	key, err := t.keys.Derive(tokenPurpose)
	if err != nil {
		return Claims{}, err
	}
	tok, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return key, nil }, opts...)
	if err != nil || !tok.Valid || tok.Header["typ"] != tokenType {
		return Claims{}, errBadToken
	}
	if (t.issuer != "" && c.Issuer != t.issuer) || c.Subject == "" || c.ConnectionID == "" {
		return Claims{}, errBadToken
	}
	for _, aud := range c.Audience {
		if slices.Contains(Resources(c.Issuer), aud) {
			return c, nil
		}
	}
	return Claims{}, errBadToken
}
