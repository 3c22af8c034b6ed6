package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"unicode/utf8"

	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// ReplayedHeader is the header, set to "true", of an answer replayed for
// an Idempotency-Key sent again.
const ReplayedHeader = "Idempotent-Replayed"

// Idempotent makes a POST, PATCH or DELETE with an Idempotency-Key run at
// most once (spec 4.1 asks it of every POST; the other two accept it too, so
// a form the owner's dashboard sends twice has one effect): the first
// response is stored and replayed with Idempotent-Replayed: true; a different
// body under the same key, or the same key while the first runs, is 409
// conflict. Requests without the header run as usual. Server errors and
// rate-limit refusals (nothing ran) release the key so a retry runs again.
// Must run after ReadBody and Authenticate. The claim is made beside the
// request's budget count (see RateLimit); an answer is stored only once
// the count says the request was within its budget.
func Idempotent(s *idempotency.Store) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key, sent := IdempotencyKey(r)
			if !keyed[r.Method] || !sent {
				h.ServeHTTP(w, r)
				return
			}
			if key == "" || utf8.RuneCountInString(key) > idempotency.MaxKeyLength {
				Error(w, r, apperr.New(apperr.BadRequest, "Idempotency-Key must be 1 to 255 characters."))
				return
			}
			// An unauthenticated caller's keys are its address's own: the
			// stored answer (an agent key, for POST /accounts) is never
			// replayed to someone else who sends the same key and body.
			scope := "anon#" + ClientIP(r)
			if p, ok := auth.From(r.Context()); ok {
				scope = p.AccountID
			}
			claim, stored, err := s.Begin(r.Context(), scope, key, requestHash(r))
			if err != nil {
				Error(w, r, err)
				return
			}
			if stored != nil {
				w.Header().Set(ReplayedHeader, "true")
				w.Header().Set("Content-Type", stored.ContentType)
				w.WriteHeader(stored.Status)
				_, _ = w.Write(stored.Body)
				return
			}
			rec := NewHeld()
			// The request ends well within its claim's lease (see
			// idempotency.RequestLimit).
			limited, cancel := context.WithTimeout(idempotency.WithClaim(r.Context(), claim), idempotency.RequestLimit)
			serveReleasingOnPanic(h, rec, r.WithContext(limited), claim)
			cancel()
			if rec.status >= 500 || rec.status == http.StatusTooManyRequests || Spent(r.Context()) {
				if err := claim.Release(r.Context()); err != nil {
					slog.WarnContext(r.Context(), "release idempotency key", "err", err)
				}
			} else if err := claim.Complete(r.Context(), idempotency.Response{Status: rec.status, ContentType: rec.header.Get("Content-Type"), Body: rec.body.Bytes()}); err != nil {
				slog.ErrorContext(r.Context(), "store idempotent response", "request_id", RequestID(r.Context()), "err", err)
			}
			rec.Send(w)
		})
	}
}

// IdempotencyKey returns r's Idempotency-Key as the caller sent it, and
// whether it sent one: the one reading of the key, for the middleware and
// for a handler that hands it on (as the payment processor's idempotency
// key). gateway.Handler keeps the header whole, commas included; a header
// sent twice reads as its values joined by commas, as API Gateway joins
// them.
func IdempotencyKey(r *http.Request) (string, bool) {
	values := r.Header.Values("Idempotency-Key")
	return strings.Join(values, ","), len(values) > 0
}

// keyed are the methods whose requests honour an Idempotency-Key.
var keyed = map[string]bool{http.MethodPost: true, http.MethodPatch: true, http.MethodDelete: true}

// serveReleasingOnPanic runs h; if h panics, the key is released (a retry
// runs again, as after a server error) before the panic goes on to Base.
func serveReleasingOnPanic(h http.Handler, w http.ResponseWriter, r *http.Request, claim *idempotency.Claim) {
	defer func() {
		if p := recover(); p != nil {
			if err := claim.Release(r.Context()); err != nil {
				slog.WarnContext(r.Context(), "release idempotency key after panic", "err", err)
			}
			panic(p)
		}
	}()
	h.ServeHTTP(w, r)
}

// requestHash identifies a request by method, path and body. A JSON body is
// compared by meaning: whitespace and key order do not matter, and an empty
// body and null are the empty object {}, as every endpoint reads them (a
// retry that sends {} where the first request sent nothing is the same
// request).
func requestHash(r *http.Request) string {
	body := Body(r)
	var v any
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	} else if json.Unmarshal(body, &v) == nil {
		if v == nil {
			v = map[string]any{}
		}
		if canon, err := json.Marshal(v); err == nil {
			body = canon
		}
	}
	sum := sha256.Sum256(append([]byte(r.Method+" "+r.URL.Path+"\n"), body...))
	return hex.EncodeToString(sum[:])
}
