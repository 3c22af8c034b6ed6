// Package sessions signs the account's owner in to the service's pages
// (consent and the owner dashboard): the owner asks for a sign-in link by
// email, the emailed link (single use, 15 minutes) starts a browser session,
// and the session cookie's secret finds the session with one read. Only
// claimed accounts can sign in; asking for a link never tells whether an
// account exists. Links and sessions are stored only as hashes, expire by
// the service clock, and leave the table through its TTL.
package sessions

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"

	"rvcontent/shared/kernel/apperr"
)

// LinkLifetime is how long an emailed sign-in link works.
const LinkLifetime = 15 * time.Minute

// AgainWithin is how long after a sign-in link was used the same
// browser's second press of its Sign in still signs that browser in: a
// double click sends the form twice, and the browser drops the first
// answer, with its session cookie, for the second.
const AgainWithin = 15 * time.Second

// Lifetime is how long a session lasts after sign-in.
const Lifetime = 7 * 24 * time.Hour

// LinksPerHour is how many sign-in emails one account gets an hour. Past
// them, one more goes out in every LinkSlot (whoever asks, the link goes to
// the owner's inbox), and further requests are answered the same way but
// send nothing.
const LinksPerHour = 10

// LinkSlot is the window in which one sign-in email goes out once an
// account's LinksPerHour are spent. Anyone who knows the owner's address
// can spend those; since a link sent in the current slot works for
// LinkLifetime - LinkSlot more at least, the owner who asks always finds
// a working one in their inbox, and a stranger adds no more than one mail
// a slot.
const LinkSlot = 5 * time.Minute

// Session is a signed-in owner.
type Session struct {
	AccountID string
	Email     string
	ExpiresAt time.Time
	// hash identifies the session (the SHA-256 of its secret); CSRF tokens
	// are bound to it.
	hash string
}

// ErrBadLink is returned for an unknown, used or expired sign-in link.
var ErrBadLink = apperr.NotFoundf("This sign-in link is not valid. It may have expired (links work for 15 minutes) or been used already. Ask for a new one.")

// ErrNoSession is returned for a missing, unknown, ended or expired session.
var ErrNoSession = apperr.New(apperr.Unauthorized, "Sign in to continue.")

// newSecret returns a random URL-safe secret and its hash.
func newSecret() (secret, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("sessions: no randomness: " + err.Error())
	}
	secret = base64.RawURLEncoding.EncodeToString(b)
	return secret, hashOf(secret)
}

func hashOf(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
