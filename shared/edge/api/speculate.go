package api

import (
	"context"
	"crypto/sha256"
	"net/http"
	"sync"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
)

// Principals remembers whose each credential accepted lately was, so that
// a read with a credential seen before runs beside its check rather than
// after it (see Authenticate). It holds a SHA-256 hash of each credential,
// never the credential, and at most maxPrincipals of them. It only ever
// saves time: every request's credential is still checked, and nothing a
// request read is sent before its check passes. It is safe for concurrent
// use.
type Principals struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]auth.Principal
}

// maxPrincipals bounds a Principals; when full it starts again empty.
const maxPrincipals = 4096

// NewPrincipals returns an empty Principals.
func NewPrincipals() *Principals {
	return &Principals{m: map[[sha256.Size]byte]auth.Principal{}}
}

func (ps *Principals) get(k [sha256.Size]byte) (auth.Principal, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p, ok := ps.m[k]
	return p, ok
}

func (ps *Principals) put(k [sha256.Size]byte, p auth.Principal) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if len(ps.m) >= maxPrincipals {
		clear(ps.m)
	}
	p.IP = ""
	ps.m[k] = p
}

func (ps *Principals) forget(k [sha256.Size]byte) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	delete(ps.m, k)
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
func speculate(w http.ResponseWriter, r *http.Request, h, reject http.Handler, a Authenticator, known *Principals, k [sha256.Size]byte, token string, p auth.Principal) {
	ip := ClientIP(r)
	p.IP = ip
	var got auth.Principal
	check := begin(func() (err error) {
		got, err = a.Authenticate(r.Context(), token, ip)
		return err
	})
	spec := &speculation{}
	held := NewHeld()
	h.ServeHTTP(held, r.WithContext(context.WithValue(auth.With(r.Context(), p), speculationKey{}, spec)))
	err := check.wait()
	if err == nil && got == p {
		held.Send(w)
		return
	}
	spec.refund(r.Context())
	switch {
	case apperr.Is(err, apperr.Unauthorized):
		known.forget(k)
		reject.ServeHTTP(w, r)
	case err != nil:
		Error(w, r, err)
	default:
		known.put(k, got)
		h.ServeHTTP(w, r.WithContext(auth.With(r.Context(), got)))
	}
}
