// Package publicapi serves the public articles API (public-articles-api.md)
// at /api/public/v1: a website, CMS plugin or build pipeline reads one
// site's finished articles with a site key and reports their live URLs.
//
// It has its own conventions, apart from the agent API's: error bodies
// carry only "error" (and "code" on 402), every answer (errors included)
// carries the same CORS headers, OPTIONS preflights are answered before
// anything is counted, and there are no rate-limit headers. Each request
// passes, in this order: the per-address limit, the key and the site's
// plan, the per-account limit, then the request itself (spec 5).
package publicapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/publicapi/shape"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
)

// Default limits (spec 8), per fixed clock minute in UTC.
const (
	DefaultPerIP      = 300
	DefaultPerAccount = 120
)

// Window is the limits' window: a fixed clock minute.
const Window = shape.Window

// ServiceName is the ping result's "service".
const ServiceName = "rvcontent-public-articles"

// Server is the public articles API.
type Server struct {
	Keys     *sitekeys.Service
	Sites    *sites.Store
	Billing  *billing.Service
	Articles *articles.Store
	Recorder *liveurls.Recorder
	// Counters count requests in fixed windows (ratelimit.Counters) and
	// give a count back to the window that counted it.
	Counters api.Limiter
	Clock    clock.Clock
	// PerIP and PerAccount are the request limits per window (defaults
	// when zero).
	PerIP, PerAccount int
	// Known remembers the holders of keys accepted lately, so a read with
	// one takes one round trip (see Middleware); nil remembers none.
	Known *api.Remembered[sitekeys.Holder]
	// Lapsed remembers the keys whose site was refused its plan (402)
	// lately, whose next requests are counted only once their plan passes
	// (see serveHolder); nil remembers none.
	Lapsed *api.Remembered[bool]
	// DashboardURL is the owner's dashboard; 402 answers point at its
	// billing page.
	DashboardURL string
}

// Handlers returns the public API's handlers by route key.
func (s *Server) Handlers() map[string]http.HandlerFunc {
	base := routes.PublicBase
	return map[string]http.HandlerFunc{
		"GET " + base + "/ping":              s.ping,
		"GET " + base + "/articles":          s.list,
		"GET " + base + "/articles/{id}":     s.get,
		"PATCH " + base + "/articles/{id}":   s.patch,
		"OPTIONS " + base + "/ping":          shape.CORS.Preflight,
		"OPTIONS " + base + "/articles":      shape.CORS.Preflight,
		"OPTIONS " + base + "/articles/{id}": shape.CORS.Preflight,
	}
}

// caller is the accepted key's holder and site, set by Middleware.
type caller struct {
	AccountID string
	KeyID     string
	KeyPrefix string
	SiteID    string
	admission *admission
}

// admission is the site and plan check of a request, read beside the
// request itself.
type admission struct {
	done chan struct{}
	site sites.Site
	err  error
}

// Site waits for the site and plan check and returns the caller's site
// (the zero site when the check refused it: the answer is then thrown
// away), counted as waiting in ctx's stage.
func (c caller) Site(ctx context.Context) sites.Site {
	par.Waiting(ctx, func() { <-c.admission.done })
	return c.admission.site
}

type callerKey struct{}

func withCaller(ctx context.Context, c caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

func callerOf(r *http.Request) caller {
	c, _ := r.Context().Value(callerKey{}).(caller)
	return c
}

func (s *Server) perIP() int {
	if s.PerIP > 0 {
		return s.PerIP
	}
	return DefaultPerIP
}

func (s *Server) perAccount() int {
	if s.PerAccount > 0 {
		return s.PerAccount
	}
	return DefaultPerAccount
}
