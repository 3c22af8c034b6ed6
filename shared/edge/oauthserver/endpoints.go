package oauthserver

import (
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/kernel/apperr"
)

// Endpoints serves the authorization server's machine-facing endpoints:
// registration, token and revocation. Their answers and errors follow the
// OAuth RFCs rather than the agent API's error body.
type Endpoints struct {
	Service *oauth.Service
}

// Handlers returns the endpoints by route key.
func (e *Endpoints) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"POST " + oauth.RegisterPath:    machineCORS.Wrap(e.register),
		"POST " + oauth.TokenPath:       machineCORS.Wrap(e.token),
		"POST " + oauth.RevokePath:      machineCORS.Wrap(e.revoke),
		"OPTIONS " + oauth.RegisterPath: machineCORS.Preflight,
		"OPTIONS " + oauth.TokenPath:    machineCORS.Preflight,
		"OPTIONS " + oauth.RevokePath:   machineCORS.Preflight,
	}
}

// register answers POST /oauth/register (RFC 7591): 201 with the client.
func (e *Endpoints) register(w http.ResponseWriter, r *http.Request) {
	c, err := e.Service.Register(r.Context(), api.Body(r), api.ClientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	noStore(w)
	api.JSON(w, http.StatusCreated, c)
}

// token answers POST /oauth/token (RFC 6749 3.2), within the caller
// address's budget (oauth.Service.Admit).
func (e *Endpoints) token(w http.ResponseWriter, r *http.Request) {
	if notByAnApp(r) {
		writeError(w, r, oauth.Errorf(oauth.InvalidRequest, "A browser sent this token request from another site's page without CORS, which no app does; nothing was counted. A browser app sends it with fetch in cors mode."))
		return
	}
	if err := e.Service.Admit(r.Context(), api.ClientIP(r)); err != nil {
		writeError(w, r, err)
		return
	}
	req, perr := tokenRequest(r)
	if perr != nil {
		writeError(w, r, perr)
		return
	}
	resp, err := e.Service.Exchange(r.Context(), req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	noStore(w)
	api.JSON(w, http.StatusOK, resp)
}

// notByAnApp reports whether the browser that sent token request r says a
// page of another site made it other than by CORS (a no-cors fetch, a
// form): no app's request is made so, and a page the owner opens must not
// spend their address's budget (oauth.Service.Admit) and keep their apps
// from refreshing tokens. Apps that are no browser send no such headers.
func notByAnApp(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Sec-Fetch-Site"), "cross-site") &&
		!strings.EqualFold(r.Header.Get("Sec-Fetch-Mode"), "cors")
}

// revoke answers POST /oauth/revoke (RFC 7009): 200 whether or not the
// token was known.
func (e *Endpoints) revoke(w http.ResponseWriter, r *http.Request) {
	req, perr := tokenRequest(r)
	if perr != nil {
		writeError(w, r, perr)
		return
	}
	if err := e.Service.Revoke(r.Context(), req, api.ClientIP(r)); err != nil {
		writeError(w, r, err)
		return
	}
	noStore(w)
	w.WriteHeader(http.StatusOK)
}

// tokenRequest reads a form-encoded POST to the token or revocation
// endpoint, with the client_id of HTTP Basic authentication when the
// client used it (public clients send an empty password).
func tokenRequest(r *http.Request) (oauth.TokenRequest, *oauth.Error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/x-www-form-urlencoded" {
		return oauth.TokenRequest{}, oauth.Errorf(oauth.InvalidRequest, "Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).")
	}
	form, err := url.ParseQuery(string(api.Body(r)))
	if err != nil {
		return oauth.TokenRequest{}, oauth.Errorf(oauth.InvalidRequest, "The form body could not be parsed.")
	}
	req := oauth.TokenRequest{Form: form}
	if user, pass, ok := r.BasicAuth(); ok {
		if pass != "" {
			return oauth.TokenRequest{}, oauth.Errorf(oauth.InvalidClient, "Apps here are public clients without a secret: send client_id alone.")
		}
		if req.BasicClient, err = url.QueryUnescape(user); err != nil {
			return oauth.TokenRequest{}, oauth.Errorf(oauth.InvalidClient, "The Authorization header's client_id could not be read.")
		}
	}
	return req, nil
}

// BodyRefused answers a body the API's reader refused (over 1 MB, or
// unreadable) as the OAuth endpoints answer every error: invalid_request
// with no-store (RFC 6749 5.2).
func BodyRefused(w http.ResponseWriter, r *http.Request, err error) {
	msg := "The request body could not be read."
	if apperr.Is(err, apperr.PayloadTooLarge) {
		msg = "The request body is larger than 1 MB."
	}
	writeError(w, r, oauth.Errorf(oauth.InvalidRequest, msg))
}

// writeError writes an OAuth error body (RFC 6749 5.2); errors that are not
// protocol errors are logged and answered as server_error.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *oauth.Error
	if !errors.As(err, &e) {
		slog.ErrorContext(r.Context(), "oauth endpoint", "route", r.URL.Path, "err", err)
		e = oauth.ErrServer
	}
	noStore(w)
	status := statusOf(e.Code)
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Basic realm="oauth"`)
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	api.JSON(w, status, e)
}

// noStore marks an answer that carries tokens or secrets as not cacheable
// (RFC 6749 5.1).
func noStore(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
}

// statusOf is the HTTP status a protocol error is answered with.
func statusOf(code string) int {
	switch code {
	case oauth.InvalidClient:
		return http.StatusUnauthorized
	case oauth.TooManyRequests:
		return http.StatusTooManyRequests
	case oauth.ServerError:
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}
