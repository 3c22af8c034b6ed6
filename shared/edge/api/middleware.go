package api

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/ids"
)

type requestIDKey struct{}

// RequestID returns the id of the request in ctx.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// ClientIP returns the caller's address: API Gateway's source IP when the
// request came through it, else the connection's remote address.
func ClientIP(r *http.Request) string {
	if gw, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok && gw.HTTP.SourceIP != "" {
		return gw.HTTP.SourceIP
	}
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// routeLabel holds the matched route pattern so the request log names the
// route, never the raw path (paths may carry secrets such as claim tokens).
type routeLabel struct{ pattern string }

type routeLabelKey struct{}

// Label records the route pattern of the request for the request log.
func Label(r *http.Request, pattern string) {
	if l, ok := r.Context().Value(routeLabelKey{}).(*routeLabel); ok {
		l.pattern = pattern
	}
}

// Base wraps h with what every response needs: an X-Request-Id header, the
// caller's address in the context, one request log line and recovery from
// panics as internal_error.
func Base(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := ""
		if gw, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok {
			id = gw.RequestID
		}
		if id == "" {
			id = ids.New()
		}
		label := &routeLabel{pattern: "unmatched"}
		ctx := context.WithValue(r.Context(), requestIDKey{}, id)
		ctx = context.WithValue(ctx, routeLabelKey{}, label)
		ctx = auth.WithIP(ctx, ClientIP(r))
		w.Header().Set("X-Request-Id", id)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				slog.ErrorContext(ctx, "panic", "request_id", id, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if !sw.wrote {
					Error(sw, r.WithContext(ctx), apperr.New(apperr.Internal, "Something went wrong on our side. Retry with backoff."))
				}
			}
			attrs := []any{"request_id", id, "method", r.Method, "route", label.pattern, "status", sw.status, "ms", time.Since(start).Milliseconds()}
			if p, ok := auth.From(ctx); ok {
				attrs = append(attrs, "account_id", p.AccountID)
			}
			slog.InfoContext(ctx, "request", attrs...)
		}()
		h.ServeHTTP(sw, r.WithContext(ctx))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if !s.wrote {
		s.status, s.wrote = http.StatusOK, true
	}
	return s.ResponseWriter.Write(b)
}

// BaseURL returns the service's public address: the configured one, or the
// scheme and host the request came to.
func BaseURL(r *http.Request, configured string) string {
	if configured != "" {
		return configured
	}
	host := r.Host
	if gw, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok && gw.DomainName != "" {
		host = gw.DomainName
		return "https://" + host
	}
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	return scheme + "://" + host
}

type impossibleKey struct{}

// MarkImpossible returns r marked as naming, in path parameter name, a
// resource that cannot exist: a page behind owner sign-in first sends a
// signed-out browser to sign in, then answers its not-found page without
// looking the id up (see Impossible).
func MarkImpossible(r *http.Request, name string) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), impossibleKey{}, name))
}

// Impossible reports whether r's path parameter name was marked by
// MarkImpossible.
func Impossible(r *http.Request, name string) bool {
	v, _ := r.Context().Value(impossibleKey{}).(string)
	return v != "" && v == name
}
