package oauth

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/feature/ratelimit"
)

// DefaultRequestsPerAddressPerMinute is how many token and authorization
// requests one caller address may make a minute when
// Service.RequestsPerAddressPerMinute is zero.
const DefaultRequestsPerAddressPerMinute = 120

// Admit counts one request to the token or the authorization endpoint
// against the caller address ip's minute (an IPv6 address's /64, see
// ratelimit.Address), before anything of the request
// is read, so that nobody holding a client_id (which every authorization
// link shows) can guess codes or refresh tokens, or store authorization
// requests, as fast as the service answers. Past the minute's budget it
// returns *Error too_many_requests with RetryAfter. A counter that fails
// admits (and is logged), as the request budgets do.
func (s *Service) Admit(ctx context.Context, ip string) error {
	limit := s.RequestsPerAddressPerMinute
	if limit <= 0 {
		limit = DefaultRequestsPerAddressPerMinute
	}
	win, err := s.Counters.Take(ctx, "oauth-ip#"+ratelimit.Address(ip), time.Minute, limit)
	if errors.Is(err, ratelimit.ErrExhausted) {
		e := Errorf(TooManyRequests, "Too many token and authorization requests came from this address in the last minute. Wait Retry-After seconds, then retry.")
		e.RetryAfter = win.RetryAfter()
		return e
	}
	if err != nil {
		slog.WarnContext(ctx, "oauth rate limit counter failed", "err", err)
	}
	return nil
}
