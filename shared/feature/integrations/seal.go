package integrations

import (
	"encoding/base64"
	"errors"

	"rvcontent/shared/kernel/seal"
	"rvcontent/shared/kernel/secret"
)

// Sealer encrypts platform API tokens at rest (AES-256-GCM) with a key
// derived from the service's SECRET_KEY, so the table alone never reveals
// a token. The integration's id is bound to each sealed token.
type Sealer struct {
	keys *secret.Source
}

// sealPurpose derives the token key from the master key.
const sealPurpose = "integration-api-token-key"

// NewSealer returns the sealer whose key is derived from keys, the master
// key, when first used.
func NewSealer(keys *secret.Source) *Sealer {
	return &Sealer{keys: keys}
}

// Seal encrypts token for the integration named by context.
func (s *Sealer) Seal(token, context string) (string, error) {
	key, err := s.keys.Derive(sealPurpose)
	if err != nil {
		return "", err
	}
	sealed, err := seal.Seal(key, []byte(token), []byte(context))
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
	key, err := s.keys.Derive(sealPurpose)
	if err != nil {
		return "", err
	}
	b, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil {
		return "", errSealed
	}
	out, err := seal.Open(key, b, []byte(context))
	if err != nil {
		return "", errSealed
	}
	return string(out), nil
}
