package api

import (
	"context"
	"net/http"
	"strings"

	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
)

// UnauthorizedMessage is the one 401 sentence: it never says which cause
// applied (missing, malformed, unknown, revoked).
const UnauthorizedMessage = "Send a valid agent key or OAuth access token in the Authorization header as 'Bearer <credential>'."

// Authenticator turns a Bearer credential into a principal.
// It returns an unauthorized error for any credential it does not accept.
type Authenticator interface {
	Authenticate(ctx context.Context, credential, ip string) (auth.Principal, error)
}

// BearerToken returns the credential of an "Authorization: Bearer <x>"
// header, or "" when the header is missing or has another form.
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// ResourceMetadataPath is where the OAuth protected-resource metadata lives.
const ResourceMetadataPath = "/.well-known/oauth-protected-resource"

// Unauthorized writes the 401 answer with the WWW-Authenticate header that
// points clients at the protected-resource metadata (spec 5).
func Unauthorized(w http.ResponseWriter, r *http.Request, baseURL string) {
	w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+baseURL+ResourceMetadataPath+`"`)
	Error(w, r, apperr.New(apperr.Unauthorized, UnauthorizedMessage))
}

// Authenticate requires a credential the authenticator accepts and puts the
// principal in the request context; an internal request's principal is
// taken as it comes (gateway.InternalPrincipal). Every refusal is passed to
// reject, which answers the same 401 whatever the cause (see
// Unauthorized).
//
// With known (nil for none), a read (a safe method, or a request ReadOnly says only
// reads) whose credential was accepted before does not wait for the check: it runs as the principal the credential had
// then, beside the check, and its answer is held until the check passes
// (see speculate), so the credential's read and the request's own reads
// are one round trip. A refused credential is answered 401 as always,
// whatever the read found; a write always waits for the check.
func Authenticate(a Authenticator, reject http.Handler, known *Principals) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if Safe(r.Method) {
				r = r.WithContext(par.Staged(r.Context()))
			}
			if p, ok := gateway.InternalPrincipal(r.Context()); ok {
				// Authenticated by the function that made the request.
				h.ServeHTTP(w, r.WithContext(auth.With(r.Context(), p)))
				return
			}
			token := BearerToken(r)
			if token == "" {
				reject.ServeHTTP(w, r)
				return
			}
			k := KeyOf(token)
			if p, ok := known.Get(k); ok && readsOnly(r) {
				speculate(w, r.WithContext(par.Staged(r.Context())), h, reject, a, known, k, token, p)
				return
			}
			p, err := a.Authenticate(r.Context(), token, ClientIP(r))
			switch {
			case err == nil:
				known.Put(k, anonymous(p))
				h.ServeHTTP(w, r.WithContext(auth.With(r.Context(), p)))
			case apperr.Is(err, apperr.Unauthorized):
				reject.ServeHTTP(w, r)
			default:
				Error(w, r, err)
			}
		})
	}
}

// Rejecter returns the handler that answers a refused credential with the
// 401 of Unauthorized.
func Rejecter(baseURL string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Unauthorized(w, r, BaseURL(r, baseURL))
	})
}

type readsKey struct{}

// ReadOnly tells Authenticate how to see that a request to next whose
// method is not safe still only reads (an MCP message that calls a tool
// standing for a GET): such a request with a credential accepted before
// is then served beside its check, like a GET. reads is asked only then; a
// body it reads it must leave to be read again.
func ReadOnly(reads func(*http.Request) bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), readsKey{}, reads)))
		})
	}
}

// readsOnly reports whether r only reads: a safe method, or what the
// request's ReadOnly says.
func readsOnly(r *http.Request) bool {
	if Safe(r.Method) {
		return true
	}
	reads, _ := r.Context().Value(readsKey{}).(func(*http.Request) bool)
	return reads != nil && reads(r)
}
