// Package seal encrypts small values kept at rest (a stored response, an
// API token) with AES-GCM: a random nonce goes in front of the ciphertext,
// and optional additional data binds a sealed value to what it belongs to,
// so it opens only there.
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
)

// ErrOpen is a sealed value that cannot be opened: cut short, or sealed
// with another key or for other additional data.
var ErrOpen = errors.New("seal: the sealed value cannot be decrypted")

// Seal encrypts plain with key (16, 24 or 32 bytes), bound to aad.
func Seal(key, plain, aad []byte) ([]byte, error) {
	g, err := aead(key)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, g.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return g.Seal(nonce, nonce, plain, aad), nil
}

// Open decrypts what Seal returned for the same key and aad; anything else
// is ErrOpen.
func Open(key, sealed, aad []byte) ([]byte, error) {
	g, err := aead(key)
	if err != nil {
		return nil, err
	}
	n := g.NonceSize()
	if len(sealed) < n {
		return nil, ErrOpen
	}
	plain, err := g.Open(nil, sealed[:n], sealed[n:], aad)
	if err != nil {
		return nil, ErrOpen
	}
	return plain, nil
}

func aead(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
