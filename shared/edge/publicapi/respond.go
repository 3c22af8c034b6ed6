package publicapi

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/kernel/apperr"
)

// The public API's fixed sentences (spec 7).
const (
	msgUnauthorized = "Missing or invalid site key. Pass the key as a Bearer header: Authorization: Bearer <SITE_KEY>."
	msgRateLimited  = "Too many requests. Slow down and retry shortly, in the next clock minute."
	msgNotFound     = "Article not found"
	msgInternal     = "Internal error"
	msgNoEndpoint   = "Not found. The public articles API serves GET /ping, GET /articles, GET /articles/{id} and PATCH /articles/{id}."
	codeNoPlan      = "subscription_required"
)

// errorBody is the public API's error body: "error" always, "code" only
// on 402.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code,omitempty"`
}

// publicCORS is the CORS policy every answer carries, errors included;
// its Preflight answers an OPTIONS request.
var publicCORS = api.CORS{Methods: "GET, PATCH, OPTIONS", Headers: "Authorization, X-Api-Key, Content-Type", Expose: "X-Request-Id"}

func fail(w http.ResponseWriter, status int, msg string) {
	api.JSON(w, status, errorBody{Error: msg})
}

// writeError answers err in the public API's shape: 400 and 404 with the
// error's sentence, anything else as 500 "Internal error" (logged).
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	switch apperr.CodeOf(err) {
	case apperr.BadRequest:
		fail(w, http.StatusBadRequest, message(err))
	case apperr.NotFound:
		fail(w, http.StatusNotFound, msgNotFound)
	default:
		if !errors.Is(err, liveurls.ErrNotUUID) {
			slog.ErrorContext(r.Context(), "public request failed", "request_id", api.RequestID(r.Context()), "err", err)
		}
		fail(w, http.StatusInternalServerError, msgInternal)
	}
}

func message(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return msgInternal
}

// IsPublic reports whether path is under the public API's root.
func IsPublic(path string) bool {
	return path == routes.PublicBase || strings.HasPrefix(path, routes.PublicBase+"/")
}

// Unmatched answers requests under the public API's root that match no
// route in the public API's shape (CORS headers, an OPTIONS preflight,
// a 404 with only "error"), and passes every other request to next.
func Unmatched(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !IsPublic(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		publicCORS.Set(w.Header())
		if r.Method == http.MethodOptions {
			publicCORS.Preflight(w, r)
			return
		}
		fail(w, http.StatusNotFound, msgNoEndpoint)
	})
}
