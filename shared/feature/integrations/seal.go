package integrations

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"

	"rvcontent/shared/kernel/seal"
)

// Sealer encrypts platform API tokens at rest (AES-256-GCM) with a key
// derived from the service's SECRET_KEY, so the table alone never reveals
// a token. The integration's id is bound to each sealed token.
type Sealer struct {
	key []byte
}

// NewSealer derives the token key from secret.
func NewSealer(secret string) *Sealer {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte("integration-api-token-key"))
	return &Sealer{key: mac.Sum(nil)}
}

// Seal encrypts token for the integration named by context.
func (s *Sealer) Seal(token, context string) (string, error) {
	sealed, err := seal.Seal(s.key, []byte(token), []byte(context))
	if err != nil {
		return "", err
	}
	return base64.RawStdEncoding.EncodeToString(sealed), nil
}

// errSealed is a sealed token that cannot be opened (another SECRET_KEY,
// or another integration's token).
var errSealed = errors.New("integrations: the stored API token cannot be decrypted")

// Open decrypts a token sealed for context.
func (s *Sealer) Open(sealed, context string) (string, error) {
	b, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil {
		return "", errSealed
	}
	out, err := seal.Open(s.key, b, []byte(context))
	if err != nil {
		return "", errSealed
	}
	return string(out), nil
}
