package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io"
	"net/http"
	"sync"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
)

// Remembered keeps what each credential accepted lately stood for (an
// agent key's principal, a site key's holder), so that a read with a
// credential seen before runs beside its check rather than after it (see
// Authenticate). It holds a SHA-256 hash of each credential, never the
// credential, and at most maxRemembered of them. It only ever saves time:
// every request's credential is still checked, and nothing a request read
// is sent before its check passes. It is safe for concurrent use; a nil
// Remembered remembers nothing.
type Remembered[V comparable] struct {
	mu sync.Mutex
	m  map[CredentialKey]V
}

// CredentialKey is a credential's SHA-256 hash, how Remembered knows it.
type CredentialKey [sha256.Size]byte

// KeyOf returns credential's key in a Remembered.
func KeyOf(credential string) CredentialKey { return sha256.Sum256([]byte(credential)) }

// maxRemembered bounds a Remembered; when full it starts again empty.
const maxRemembered = 4096

// NewRemembered returns an empty Remembered.
func NewRemembered[V comparable]() *Remembered[V] {
	return &Remembered[V]{m: map[CredentialKey]V{}}
}

// Get returns what k stood for when last accepted.
func (rs *Remembered[V]) Get(k CredentialKey) (V, bool) {
	if rs == nil {
		var zero V
		return zero, false
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	v, ok := rs.m[k]
	return v, ok
}

// Put records that k was accepted as v.
func (rs *Remembered[V]) Put(k CredentialKey, v V) {
	if rs == nil {
		return
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.m) >= maxRemembered {
		clear(rs.m)
	}
	rs.m[k] = v
}

// Forget drops k, refused since.
func (rs *Remembered[V]) Forget(k CredentialKey) {
	if rs == nil {
		return
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(rs.m, k)
}

// Principals remembers the principals of agent credentials (their caller
// address left out).
type Principals = Remembered[auth.Principal]

// NewPrincipals returns an empty Principals.
func NewPrincipals() *Principals { return NewRemembered[auth.Principal]() }

// anonymous returns p without its caller address, as Principals keeps it.
func anonymous(p auth.Principal) auth.Principal {
	p.IP = ""
	return p
}

// speculation is a read running as the principal its credential had
// before, while the credential is checked again. What the read counted
// against the account's budget registers here, to be given back when the
// check refuses the credential.
type speculation struct {
	mu      sync.Mutex
	refunds []func(context.Context)
}

type speculationKey struct{}

// speculating returns the speculation ctx's request runs in, nil when it
// runs with a checked credential.
func speculating(ctx context.Context) *speculation {
	s, _ := ctx.Value(speculationKey{}).(*speculation)
	return s
}

// onRefused registers undo for when the request turns out to run with a
// refused credential.
func (s *speculation) onRefused(undo func(context.Context)) {
	s.mu.Lock()
	s.refunds = append(s.refunds, undo)
	s.mu.Unlock()
}

// refund runs the registered undos beside the rest of the request.
func (s *speculation) refund(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, undo := range s.refunds {
		par.Go(ctx, undo)
	}
}

// speculate serves a read whose credential was p's last time: h runs as p
// while a checks the credential again, and its answer is held until the
// check ends. The answer is sent when the check gives p again; a refused
// credential is answered by reject (what the read counted is given back);
// a credential now another principal's is served again as that principal.
func speculate(w http.ResponseWriter, r *http.Request, h, reject http.Handler, a Authenticator, known *Principals, k CredentialKey, token string, p auth.Principal) {
	ip := ClientIP(r)
	p.IP = ip
	var got auth.Principal
	check := par.Begin(r.Context(), func(ctx context.Context) (err error) {
		got, err = a.Authenticate(ctx, token, ip)
		return err
	})
	spec := &speculation{}
	held := NewHeld()
	body := rewind(r)
	// A check that does not give p again ends the read at once: its answer
	// will not be sent, and a long read (a job awaited with wait=) must not
	// show a refused caller how long it took.
	ctx, stop := context.WithCancel(r.Context())
	defer stop()
	go func() {
		select {
		case <-check.Done():
			if check.Err() != nil || got != p {
				stop()
			}
		case <-ctx.Done():
		}
	}()
	h.ServeHTTP(held, body(r.WithContext(context.WithValue(auth.With(ctx, p), speculationKey{}, spec))))
	err := check.Wait(r.Context())
	if err == nil && got == p {
		held.Send(w)
		return
	}
	spec.refund(r.Context())
	switch {
	case apperr.Is(err, apperr.Unauthorized):
		known.Forget(k)
		reject.ServeHTTP(w, r)
	case err != nil:
		Error(w, r, err)
	default:
		known.Put(k, anonymous(got))
		h.ServeHTTP(w, body(r.WithContext(auth.With(r.Context(), got))))
	}
}

// rewind reads r's body (a read's is small: ReadOnly's reads saw it whole)
// and returns what gives a request a fresh copy of it, so a read served
// again has its body.
func rewind(r *http.Request) func(*http.Request) *http.Request {
	if r.Body == nil || r.Body == http.NoBody {
		return func(r *http.Request) *http.Request { return r }
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	var rest io.Reader = r.Body
	if err != nil {
		rest = failing{err} // each run reads the same failure
	}
	return func(r *http.Request) *http.Request {
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), rest))
		return r
	}
}

// failing is a body whose reading failed.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }
