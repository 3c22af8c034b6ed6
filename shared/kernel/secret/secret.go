// Package secret holds the service's master key, SECRET_KEY, from which
// every key the service signs or encrypts with is derived (webhook signing
// secrets, OAuth access tokens, CSRF tokens, checkout links, list cursors,
// integration tokens). A deployed function reads it from Secrets Manager
// in the background while it starts (Fetch), and only the requests that
// use a derived key wait for it: checking an agent key never does.
// The dev stack and tests know it at once (Static).
package secret

import (
	"crypto/hmac"
	"crypto/sha256"
	"sync"
)

// Source is the master key: known, or being read. It is safe for
// concurrent use.
type Source struct {
	read func() (string, error)

	mu      sync.Mutex
	done    chan struct{} // closed when the current read ends
	key     string
	err     error
	derived map[string][]byte
}

// Static returns the source of key, known now.
func Static(key string) *Source {
	s := &Source{done: make(chan struct{}), key: key, derived: map[string][]byte{}}
	close(s.done)
	return s
}

// Fetch starts read in the background and returns at once. Key waits for
// it; when it fails, the caller of Key gets its error and the next call
// of Key reads again, so a passing fault does not stay with the function.
func Fetch(read func() (string, error)) *Source {
	s := &Source{read: read, derived: map[string][]byte{}}
	s.mu.Lock()
	s.start()
	s.mu.Unlock()
	return s
}

// start begins a read; s.mu is held.
func (s *Source) start() {
	done := make(chan struct{})
	s.done = done
	go func() {
		key, err := s.read()
		s.mu.Lock()
		s.key, s.err = key, err
		s.mu.Unlock()
		close(done)
	}()
}

// Key returns the master key, waiting for its read.
func (s *Source) Key() (string, error) {
	s.mu.Lock()
	done := s.done
	s.mu.Unlock()
	<-done
	s.mu.Lock()
	defer s.mu.Unlock()
	key, err := s.key, s.err
	if err != nil && s.read != nil && s.done == done {
		s.start() // the next caller tries again
	}
	return key, err
}

// Derive returns the key for purpose: HMAC-SHA256 of purpose under the
// master key, computed once.
func (s *Source) Derive(purpose string) ([]byte, error) {
	s.mu.Lock()
	k, ok := s.derived[purpose]
	s.mu.Unlock()
	if ok {
		return k, nil
	}
	key, err := s.Key()
	if err != nil {
		return nil, err
	}
	k = Derive(key, purpose)
	s.mu.Lock()
	s.derived[purpose] = k
	s.mu.Unlock()
	return k, nil
}

// Derive returns HMAC-SHA256 of purpose under key.
func Derive(key, purpose string) []byte {
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
