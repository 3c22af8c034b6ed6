// Package oauth is the service's OAuth 2.1 authorization server (spec 5):
// client registration rules (RFC 7591), authorization requests with PKCE
// S256, the owner's answer on the consent page, the token exchange
// (authorization code and rotating refresh tokens), revocation (RFC 7009),
// and the authenticator that accepts its JWT access tokens next to agent
// keys. Its HTTP endpoints are in the edge (package oauthserver). Every app
// connection is a credential of type oauth (package credentials): it shares
// the account's limit, list and one-read lookup with agent keys.
package oauth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Lifetimes of what the authorization server hands out (spec 5 and 8).
const (
	// RequestLifetime is how long an authorization request waits for the
	// owner's answer on the consent page.
	RequestLifetime = 10 * time.Minute
	// CodeLifetime is how long an authorization code can be redeemed.
	CodeLifetime = 10 * time.Minute
	// AccessTokenLifetime is an access token's lifetime (expires_in).
	AccessTokenLifetime = 3600 * time.Second
)

// Service is the authorization server: client registration, authorization
// requests and the owner's answer, codes, tokens and revocation. App
// connections are credentials (type oauth) of the credentials package.
type Service struct {
	Table       *dynamo.Table
	Clock       clock.Clock
	Counters    *ratelimit.Counters
	Credentials *credentials.Service
	Tokens      *Tokens
	// RegistrationsPerHour caps client registrations per caller address
	// (DefaultRegistrationsPerHour when zero).
	RegistrationsPerHour int
	// RequestsPerAddressPerMinute caps the token and authorization
	// requests per caller address (DefaultRequestsPerAddressPerMinute when
	// zero); see Admit.
	RequestsPerAddressPerMinute int
}

// newSecret returns a random URL-safe secret (codes, refresh tokens) and
// its stored hash.
func newSecret(prefix string) (secret, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("oauth: no randomness: " + err.Error())
	}
	secret = prefix + base64.RawURLEncoding.EncodeToString(b)
	return secret, hashOf(secret)
}

func hashOf(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// live reports whether something expiring at unix second exp still works
// at now.
func live(exp int64, now time.Time) bool { return now.Unix() < exp }

// ttl returns the table TTL of an item that stops working at exp: a day
// later, so expiry never depends on when the table deletes it.
func ttl(exp time.Time) int64 { return exp.Add(24 * time.Hour).Unix() }
