// Package sitekeys owns site keys: the credential of the public articles
// API (public-articles-api.md 5). A key is "rv_live_" plus 48 lowercase hex
// characters (56 in all) and reaches one site only. Only its SHA-256 hash is
// stored, in a lookup item that one GetItem reads; revoking deletes that
// item, so the next request with the key is refused. The owner, or an agent
// through the agent API, creates keys (which needs a trial or plan), lists
// them by their first 14 characters, and revokes them.
package sitekeys

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sync"
	"time"
)

// Prefix begins every site key.
const Prefix = "rv_live_"

// Length is the length of a site key.
const Length = len(Prefix) + 48

// MaxPerSite is the most active keys one site may have.
const MaxPerSite = 20

// MaxName is the longest key label.
const MaxName = 60

// IdleAfter is how long a key may go without a request before it is shown
// as idle.
const IdleAfter = 48 * time.Hour

// TouchEvery is how often a busy key's last_used_at is written.
const TouchEvery = time.Minute

var keyPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^rv_live_[0-9a-f]{48}$`) })

// NewSecret returns a new site key and its hash.
func NewSecret() (secret, hash string) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic("sitekeys: no randomness: " + err.Error())
	}
	secret = Prefix + hex.EncodeToString(b)
	return secret, Hash(secret)
}

// Hash returns the SHA-256 hash of a key, as stored.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// DisplayPrefix returns the first 14 characters of a key plus an ellipsis,
// which identify it in displays.
func DisplayPrefix(secret string) string { return secret[:14] + "…" }

// LooksLikeKey reports whether s has the form of a site key.
func LooksLikeKey(s string) bool { return keyPattern().MatchString(s) }
