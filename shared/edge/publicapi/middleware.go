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
	"rvcontent/shared/edge/publicapi/shape"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/par"
)

// Middleware wraps a public route's handler in the public API's checks,
// answered in the spec's order: CORS headers on every answer; OPTIONS
// answered before anything counts; the per-address limit (every request
// counts, also those that end in 401 or 402); the site key and the site's
// plan; the per-account limit; then the handler. A panic answers 500
// "Internal error" in the public shape.
//
// The checks cost two round trips: the per-address count and the key are
// read at once, then the site, the plan and the per-account count, and a
// read's own reads beside them (its answer is sent only when every check
// passed). A read with a key accepted before takes one (see speculate). A
// write runs after the checks.
func (s *Server) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w := &tracker{ResponseWriter: rw}
		shape.CORS.Set(w.Header())
		defer func() {
			if p := recover(); p != nil {
				s.panicked(w, r, fmt.Sprint(p), string(debug.Stack()))
			}
		}()
		if r.Method == http.MethodOptions {
			shape.CORS.Preflight(w, r)
			return
		}
		if api.Safe(r.Method) {
			r = r.WithContext(par.Staged(r.Context()))
		}
		key := credential(r)
		k := api.KeyOf(key)
		if was, ok := s.Known.Get(k); ok && api.Safe(r.Method) {
			s.speculate(w, r, next, k, key, was)
			return
		}
		ip, holder, keyErr := s.check(r, key, nil)
		if !ip.ok {
			shape.Fail(w, http.StatusTooManyRequests, shape.RateLimited)
			return
		}
		if keyErr != nil {
			s.refuse(w, r, keyErr)
			return
		}
		s.Known.Put(k, holder)
		s.serveHolder(w, r, k, holder, next)
	})
}

// speculate serves a read whose key was was's last time in one round
// trip: the per-address count and the key's check run beside the request
// as was (its site and plan, the per-account count and its reads), whose
// answer is held until both end. It is sent when the key still names was
// and the address is within its limit. Otherwise the answer is what the
// checks in the spec's order say (429, 401, or the request served again as
// the key's holder now), and the per-account count the held answer made is
// given back.
func (s *Server) speculate(w *tracker, r *http.Request, next http.Handler, k api.CredentialKey, key string, was sitekeys.Holder) {
	var counted hit
	held := api.NewHeld()
	ip, holder, keyErr := s.check(r, key, func(ctx context.Context) {
		counted = s.serveHolder(&tracker{ResponseWriter: held}, r.WithContext(ctx), k, was, next)
	})
	if ip.ok && keyErr == nil && holder == was {
		held.Send(w)
		return
	}
	if counted.counted {
		s.giveBack(r.Context(), accountScope(was), counted)
	}
	switch {
	case !ip.ok:
		shape.Fail(w, http.StatusTooManyRequests, shape.RateLimited)
	case keyErr != nil:
		if apperr.Is(keyErr, apperr.Unauthorized) {
			s.Known.Forget(k)
		}
		s.refuse(w, r, keyErr)
	default:
		s.Known.Put(k, holder)
		s.serveHolder(w, r, k, holder, next)
	}
}

// check counts the request against its address's limit and checks its
// key, at once, with beside (when not nil) running with them.
func (s *Server) check(r *http.Request, key string, beside func(context.Context)) (ip hit, holder sitekeys.Holder, keyErr error) {
	fns := []func(context.Context) error{func(ctx context.Context) error {
		ip = s.count(ctx, ipScope(r), s.perIP())
		return nil
	}, func(ctx context.Context) error {
		holder, keyErr = s.Keys.Authenticate(ctx, key)
		return nil
	}}
	if beside != nil {
		fns = append(fns, func(ctx context.Context) error { beside(ctx); return nil })
	}
	_ = par.Do(r.Context(), fns...)
	return ip, holder, keyErr
}

// serveHolder serves a request whose key (k) holder is known: the site
// and plan, the per-account count and, for a read, the request itself, at
// once. A request refused for its site or plan gives its per-account count
// back, so only requests with an accepted key and plan stay counted. A key
// refused for its plan last time (Lapsed) has its plan checked first and
// is counted only once it passes, so a stream of requests that end in 402
// never holds places in the account's window that its accepted requests
// need. It returns the per-account count when the request stays counted
// against the account (counted false otherwise).
func (s *Server) serveHolder(w *tracker, r *http.Request, k api.CredentialKey, holder sitekeys.Holder, next http.Handler) hit {
	if _, lapsed := s.Lapsed.Get(k); lapsed {
		if _, err := s.admit(r.Context(), holder); err != nil {
			s.refuse(w, r, err)
			return hit{}
		}
		s.Lapsed.Forget(k)
	}
	c := caller{AccountID: holder.AccountID, KeyID: holder.KeyID, KeyPrefix: holder.Prefix, SiteID: holder.SiteID, admission: &admission{done: make(chan struct{})}}
	cr := r.WithContext(withCaller(r.Context(), c))
	read := api.Safe(r.Method)
	held := api.NewHeld()
	var acct hit
	scope := accountScope(holder)
	err := par.Do(r.Context(), func(ctx context.Context) error {
		defer close(c.admission.done)
		c.admission.site, c.admission.err = s.admit(ctx, holder)
		return nil
	}, func(ctx context.Context) error {
		acct = s.count(ctx, scope, s.perAccount())
		return nil
	}, func(ctx context.Context) error {
		if read {
			next.ServeHTTP(held, cr.WithContext(withCaller(ctx, c)))
		}
		return nil
	})
	if err != nil { // the read panicked
		s.panicked(w, r, err.Error(), "")
		return acct
	}
	if c.admission.err != nil {
		if acct.counted {
			s.giveBack(r.Context(), scope, acct)
		}
		if errors.Is(c.admission.err, errNoPlan) {
			s.Lapsed.Put(k, true)
		}
		s.refuse(w, r, c.admission.err)
		return hit{}
	}
	if !acct.ok {
		shape.Fail(w, http.StatusTooManyRequests, shape.RateLimited)
		return acct
	}
	if read {
		held.Send(w)
		return acct
	}
	next.ServeHTTP(w, cr)
	return acct
}

// ipScope is the counter of the request's address; accountScope the
// counter of the key holder's account.
func ipScope(r *http.Request) string        { return shape.AddressScope(r) }
func accountScope(h sitekeys.Holder) string { return "pub#acct#" + h.AccountID }

// giveBack takes one request back from the window of scope that counted
// it (h), even when that window has ended since (logged when it fails: the
// count then stands).
func (s *Server) giveBack(ctx context.Context, scope string, h hit) {
	if err := s.Counters.GiveBack(ctx, scope, Window, h.win); err != nil {
		slog.WarnContext(ctx, "give back a public request count", "err", err)
	}
}

// panicked logs a panic and answers 500 unless an answer was started.
func (s *Server) panicked(w *tracker, r *http.Request, p, stack string) {
	slog.ErrorContext(r.Context(), "panic", "request_id", api.RequestID(r.Context()), "panic", p, "stack", stack)
	if !w.wrote {
		shape.Fail(w, http.StatusInternalServerError, shape.Internal)
	}
}

// credential returns the site key of the request: the Bearer credential of
// the Authorization header, else the X-Api-Key header.
func credential(r *http.Request) string {
	if t := api.BearerToken(r); t != "" {
		return t
	}
	return strings.TrimSpace(r.Header.Get("X-Api-Key"))
}

// hit is one request counted against a limit: whether it is within the
// limit, whether it was counted at all, and the window that counted it.
type hit struct {
	ok, counted bool
	win         ratelimit.Window
}

// count counts the request against scope's window. A failing counter lets
// the request through (logged): availability over strictness, as the
// agent API does.
func (s *Server) count(ctx context.Context, scope string, limit int) hit {
	win, err := s.Counters.Hit(ctx, scope, Window)
	if err != nil {
		slog.WarnContext(ctx, "public rate limit counter failed", "err", err)
		return hit{ok: true}
	}
	return hit{ok: win.Count <= limit, counted: true, win: win}
}

// refuse answers a refused key (401), a site not active on a plan (402),
// or a failure (500).
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case apperr.Is(err, apperr.Unauthorized):
		w.Header().Set("WWW-Authenticate", "Bearer")
		shape.Fail(w, http.StatusUnauthorized, shape.Unauthorized)
	case errors.Is(err, errNoPlan):
		api.JSON(w, http.StatusPaymentRequired, shape.ErrorBody{Error: s.noPlanMessage(), Code: shape.CodeNoPlan})
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
