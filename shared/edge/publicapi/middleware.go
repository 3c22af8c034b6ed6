package publicapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/kernel/apperr"
)

// Middleware wraps a public route's handler in the public API's checks,
// in the spec's order: CORS headers on every answer; OPTIONS answered
// before anything counts; the per-address limit (every request counts,
// also those that end in 401 or 402); the site key and the site's plan;
// the per-account limit; then the handler. A panic answers 500 "Internal
// error" in the public shape.
func (s *Server) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w := &tracker{ResponseWriter: rw}
		publicCORS.Set(w.Header())
		defer func() {
			if p := recover(); p != nil {
				slog.ErrorContext(r.Context(), "panic", "request_id", api.RequestID(r.Context()), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if !w.wrote {
					fail(w, http.StatusInternalServerError, msgInternal)
				}
			}
		}()
		if r.Method == http.MethodOptions {
			publicCORS.Preflight(w, r)
			return
		}
		ctx := r.Context()
		if !s.allow(ctx, "pub#ip#"+api.ClientIP(r), s.perIP()) {
			fail(w, http.StatusTooManyRequests, msgRateLimited)
			return
		}
		holder, err := s.Keys.Authenticate(ctx, credential(r))
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		site, err := s.admit(ctx, holder)
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		if !s.allow(ctx, "pub#acct#"+holder.AccountID, s.perAccount()) {
			fail(w, http.StatusTooManyRequests, msgRateLimited)
			return
		}
		c := caller{AccountID: holder.AccountID, KeyID: holder.KeyID, KeyPrefix: holder.Prefix, Site: site}
		next.ServeHTTP(w, r.WithContext(withCaller(ctx, c)))
	})
}

// credential returns the site key of the request: the Bearer credential of
// the Authorization header, else the X-Api-Key header.
func credential(r *http.Request) string {
	if t := api.BearerToken(r); t != "" {
		return t
	}
	return strings.TrimSpace(r.Header.Get("X-Api-Key"))
}

// allow counts the request against scope's window and reports whether it
// is within limit. A failing counter lets the request through (logged):
// availability over strictness, as the agent API does.
func (s *Server) allow(ctx context.Context, scope string, limit int) bool {
	win, err := s.Counters.Hit(ctx, scope, Window)
	if err != nil {
		slog.WarnContext(ctx, "public rate limit counter failed", "err", err)
		return true
	}
	return win.Count <= limit
}

// refuse answers a refused key (401), a site not active on a plan (402),
// or a failure (500).
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case apperr.Is(err, apperr.Unauthorized):
		w.Header().Set("WWW-Authenticate", "Bearer")
		fail(w, http.StatusUnauthorized, msgUnauthorized)
	case errors.Is(err, errNoPlan):
		api.JSON(w, http.StatusPaymentRequired, errorBody{Error: s.noPlanMessage(), Code: codeNoPlan})
	default:
		writeError(w, r, err)
	}
}

func (s *Server) noPlanMessage() string {
	return "This site is not active on a trial or plan, so its site key cannot be used right now. " +
		"The owner can fix this on the billing page of the dashboard: " + s.DashboardURL + "/billing. " +
		"The same key works again afterwards."
}

// tracker remembers whether an answer was started, so a panic after it is
// not answered twice.
type tracker struct {
	http.ResponseWriter
	wrote bool
}

func (t *tracker) WriteHeader(code int) {
	t.wrote = true
	t.ResponseWriter.WriteHeader(code)
}

func (t *tracker) Write(b []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(b)
}
