package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"sync"

	"rvcontent/shared/kernel/secret"
)

// SecretPrefix begins every signing secret (spec 4.10).
const SecretPrefix = "whsec_"

// ErrNoKey means the service has no SECRET_KEY, or not the one an endpoint's
// secret was derived from: nothing can be signed.
var ErrNoKey = errors.New("webhooks: signing key not configured")

// Keyring derives signing secrets so that none is ever stored. An endpoint's
// secret is "whsec_" plus the hex HMAC-SHA256, keyed with the service's
// SECRET_KEY, of the account id, the endpoint id and a random nonce made at
// creation. The endpoint item keeps only the nonce and a key id (itself an
// HMAC under the key), neither of which reveals the secret without the key;
// the creating response shows the secret once (and the idempotency record
// keeps that response encrypted, as it does for every POST). Each delivery
// derives the secret again to sign.
//
// The first key is the current one, used for new endpoints; older keys may
// follow so endpoints made before a key rotation keep their secrets.
type Keyring struct {
	sources []*secret.Source

	mu   sync.Mutex
	keys []ringKey // nil until every source is read
}

type ringKey struct {
	id     string
	secret []byte
}

// NewKeyring returns a keyring of master keys, the current one first,
// each read when the keyring is first used. Empty keys are skipped; a
// keyring without keys fails with ErrNoKey.
func NewKeyring(keys ...*secret.Source) *Keyring {
	return &Keyring{sources: keys}
}

// ring returns the keys, reading the sources the first time.
func (k *Keyring) ring() ([]ringKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.keys != nil {
		return k.keys, nil
	}
	keys := []ringKey{}
	for _, src := range k.sources {
		s, err := src.Key()
		if err != nil {
			return nil, err
		}
		if s == "" {
			continue
		}
		id := secret.Derive(s, "webhook-signing-key-id")
		keys = append(keys, ringKey{id: hex.EncodeToString(id)[:16], secret: []byte(s)})
	}
	k.keys = keys
	return keys, nil
}

// Issued is a new endpoint's secret and what is stored to derive it again.
type Issued struct {
	Secret string // shown once, never stored
	Nonce  string
	KeyID  string
}

// Issue makes the secret of a new endpoint.
func (k *Keyring) Issue(accountID, webhookID string) (Issued, error) {
	keys, err := k.ring()
	if err != nil {
		return Issued{}, err
	}
	if len(keys) == 0 {
		return Issued{}, ErrNoKey
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return Issued{}, err
	}
	nonce := hex.EncodeToString(b)
	cur := keys[0]
	return Issued{Secret: derive(cur.secret, accountID, webhookID, nonce), Nonce: nonce, KeyID: cur.id}, nil
}

// Secret derives again the secret of an endpoint from its stored nonce and
// key id.
func (k *Keyring) Secret(accountID, webhookID, nonce, keyID string) (string, error) {
	keys, err := k.ring()
	if err != nil {
		return "", err
	}
	for _, rk := range keys {
		if rk.id == keyID {
			return derive(rk.secret, accountID, webhookID, nonce), nil
		}
	}
	return "", ErrNoKey
}

func derive(key []byte, accountID, webhookID, nonce string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("webhook-signing-secret/v1\x00" + accountID + "\x00" + webhookID + "\x00" + nonce))
	return SecretPrefix + hex.EncodeToString(mac.Sum(nil))
}
