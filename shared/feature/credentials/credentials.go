// Package credentials owns agent keys and the lookup that authenticates
// every agent API request (spec 5). A key is "rv_agent_" plus 48 lowercase
// hex characters; only its SHA-256 hash is stored, in a lookup item that one
// GetItem reads. Revoking deletes the lookup item, so the next request with
// the key fails. OAuth connections share the credential list, the 25-limit
// and the lookup (they are added by the OAuth feature).
package credentials

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sync"
)

// KeyPrefix begins every agent key.
const KeyPrefix = "rv_agent_"

// MaxActive is the most agent keys plus OAuth connections an account may
// have (spec 8).
const MaxActive = 25

// CountAttribute is the account item's attribute that counts active
// credentials; creation and revocation change it in their transactions.
const CountAttribute = "credential_count"

// Credential types.
const (
	TypeKey   = "key"
	TypeOAuth = "oauth"
)

var keyPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^rv_agent_[0-9a-f]{48}$`) })

// NewSecret returns a new agent key and its hash.
func NewSecret() (secret, hash string) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic("credentials: no randomness: " + err.Error())
	}
	secret = KeyPrefix + hex.EncodeToString(b)
	return secret, Hash(secret)
}

// Hash returns the SHA-256 hash of a secret, as stored.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// DisplayPrefix returns the first 15 characters of a key plus an ellipsis.
func DisplayPrefix(secret string) string { return secret[:15] + "…" }

// LooksLikeKey reports whether s has the form of an agent key.
func LooksLikeKey(s string) bool { return keyPattern().MatchString(s) }
