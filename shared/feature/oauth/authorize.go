package oauth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sync"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// MethodS256 is the one PKCE method (RFC 7636) the server accepts.
const MethodS256 = "S256"

// maxState is the longest state value accepted.
const maxState = 1024

// pkcePattern is the form of a code verifier (RFC 7636 4.1).
var pkcePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9\-._~]{43,128}$`) })

// isS256Challenge reports whether challenge can be an S256 code challenge:
// BASE64URL(SHA256(verifier)) without padding (RFC 7636 4.2), so 43
// characters that decode to a SHA-256. Anything else matches no verifier,
// and its code could never be exchanged.
func isS256Challenge(challenge string) bool {
	sum, err := base64.RawURLEncoding.Strict().DecodeString(challenge)
	return err == nil && len(sum) == sha256.Size
}

// Request statuses.
const (
	statusPending  = "pending"
	statusApproved = "approved"
	statusDenied   = "denied"
)

// Request is an authorization request waiting for the owner's answer on the
// consent page.
type Request struct {
	ID         string `dynamodbav:"id"`
	ClientID   string `dynamodbav:"client_id"`
	ClientName string `dynamodbav:"client_name"`
	// RedirectURI is where the answer goes; RedirectURISent says whether
	// the request named it (the token request must then name it too).
	RedirectURI     string   `dynamodbav:"redirect_uri"`
	RedirectURISent bool     `dynamodbav:"redirect_uri_sent"`
	CodeChallenge   string   `dynamodbav:"code_challenge"`
	State           string   `dynamodbav:"state"`
	Scope           string   `dynamodbav:"scope"`
	Resources       []string `dynamodbav:"resources"`
	Issuer          string   `dynamodbav:"issuer"`
	ExpiresAt       int64    `dynamodbav:"expires_at"`
	Status          string   `dynamodbav:"status"`
	// Browser binds the request to the browser that opened it: the hash
	// of that browser's binding cookie (see Binding). Only that browser's
	// signed-in owner may answer it.
	Browser string `dynamodbav:"browser"`
}

// Binding returns the value a request stores for a browser's binding
// cookie value: its SHA-256, so the table never holds the cookie.
func Binding(cookie string) string { return hashOf(cookie) }

// BoundTo reports whether r was opened by the browser whose binding cookie
// is cookie.
func (r Request) BoundTo(cookie string) bool {
	return cookie != "" && r.Browser != "" && subtle.ConstantTimeCompare([]byte(r.Browser), []byte(Binding(cookie))) == 1
}

type requestItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Request
	TTL int64 `dynamodbav:"ttl"`
}

// AuthorizeError is the answer to a bad authorization request. With a
// RedirectURI it goes back to the app (Location); without one the client
// or redirect URI itself is wrong, and a page tells the person instead:
// the server never redirects to an address it cannot trust.
type AuthorizeError struct {
	Err         *Error
	RedirectURI string
	State       string
	Issuer      string
}

// Error returns the protocol error.
func (e *AuthorizeError) Error() string { return e.Err.Error() }

// Location returns the redirect that carries the error to the app.
func (e *AuthorizeError) Location() string {
	return answer(e.RedirectURI, e.Issuer, e.State, url.Values{"error": {e.Err.Code}, "error_description": {e.Err.Description}})
}

// answer returns redirect URI uri carrying params, the request's state
// when it had one, and the issuer (RFC 9207).
func answer(uri, issuer, state string, params url.Values) string {
	if state != "" {
		params.Set("state", state)
	}
	params.Set("iss", issuer)
	return withParams(uri, params)
}

// single returns the one value of parameter name, and false when it is
// repeated (RFC 6749 3.1).
func single(q url.Values, name string) (string, bool) {
	vs := q[name]
	if len(vs) > 1 {
		return "", false
	}
	if len(vs) == 0 {
		return "", true
	}
	return vs[0], true
}

func pageError(format string, args ...any) error {
	return &AuthorizeError{Err: badRequest(InvalidRequest, fmt.Sprintf(format, args...))}
}

// Authorize checks an authorization request (rawQuery, the query of GET
// /oauth/authorize) made to issuer and records it for the owner's answer,
// bound to the browser whose binding cookie is browser. A query that does
// not decode is refused (invalid_request) rather than read without the
// parameters Go's parser drops. Errors are *AuthorizeError.
func (s *Service) Authorize(ctx context.Context, rawQuery, issuer, browser string) (Request, error) {
	q, malformed := url.ParseQuery(rawQuery) // q keeps the parameters that decode
	clientID, ok := single(q, "client_id")
	if !ok || clientID == "" {
		return Request{}, pageError("The app's request has no client_id (or more than one). Ask the app's developer to register it and send its client_id.")
	}
	c, err := s.Client(ctx, clientID)
	if errors.Is(err, ErrUnknownClient) {
		return Request{}, pageError("The app is not registered here (unknown client_id). Ask the app's developer to register it first.")
	}
	if err != nil {
		return Request{}, err
	}
	redirect, ok := single(q, "redirect_uri")
	sent := redirect != ""
	switch {
	case !ok:
		return Request{}, pageError("The app's request names more than one redirect_uri.")
	case !sent && len(c.RedirectURIs) == 1:
		redirect = c.RedirectURIs[0]
	case !sent:
		return Request{}, pageError("The app's request has no redirect_uri, and the app registered several.")
	case !MatchRedirect(c.RedirectURIs, redirect):
		return Request{}, pageError("The app's redirect_uri is not one it registered, so you are not sent back to it.")
	}
	state, stateOK := single(q, "state")
	fail := func(code, format string, args ...any) error {
		return &AuthorizeError{Err: badRequest(code, fmt.Sprintf(format, args...)), RedirectURI: redirect, State: state, Issuer: issuer}
	}
	if malformed != nil {
		return Request{}, fail(InvalidRequest, "The request's query does not decode: percent-encode every parameter value (a ';' as %%3B, a '%%' as %%25).")
	}
	if !stateOK {
		return Request{}, fail(InvalidRequest, "state may be sent only once.")
	}
	if len(state) > maxState {
		return Request{}, fail(InvalidRequest, "state may have at most %d characters.", maxState)
	}
	r := Request{
		ID: ids.New(), ClientID: c.ID, ClientName: c.Name, RedirectURI: redirect, RedirectURISent: sent,
		State: state, Issuer: issuer, Status: statusPending, Browser: Binding(browser),
	}
	if err := s.checkAuthorization(q, issuer, &r); err != nil {
		return Request{}, fail(err.Code, "%s", err.Description)
	}
	now := s.Clock.Now()
	exp := clock.EndSecond(now.Add(RequestLifetime)) // the whole RequestLifetime
	r.ExpiresAt = exp.Unix()
	if err := s.Table.PutNew(ctx, requestItem{PK: dynamo.OAuthRequestPK(r.ID), SK: dynamo.OAuthRequestSK, Request: r, TTL: ttl(exp)}); err != nil {
		return Request{}, fmt.Errorf("oauth: record authorization request: %w", err)
	}
	return r, nil
}

// checkAuthorization checks the parameters whose errors go back to the app
// and fills them into r.
func (s *Service) checkAuthorization(q url.Values, issuer string, r *Request) *Error {
	params := map[string]string{}
	for _, name := range []string{"response_type", "code_challenge", "code_challenge_method", "scope"} {
		v, ok := single(q, name)
		if !ok {
			return badRequest(InvalidRequest, name+" may be sent only once.")
		}
		params[name] = v
	}
	switch rt := params["response_type"]; {
	case rt == "":
		return badRequest(InvalidRequest, "response_type is required and must be code.")
	case rt != ResponseTypeCode:
		return badRequest(UnsupportedResponseType, "response_type must be code (the authorization code flow).")
	}
	switch m := params["code_challenge_method"]; {
	case m == "" || params["code_challenge"] == "":
		return badRequest(InvalidRequest, "PKCE is required: send code_challenge and code_challenge_method=S256.")
	case m != MethodS256:
		return badRequest(InvalidRequest, "code_challenge_method must be S256; plain is not supported.")
	}
	if !isS256Challenge(params["code_challenge"]) {
		return badRequest(InvalidRequest, "code_challenge must be the base64url SHA-256 of the code verifier (43 characters).")
	}
	for _, res := range q["resource"] {
		canonical, ok := resourceOf(issuer, res)
		if !ok {
			return badRequest(InvalidTarget, fmt.Sprintf("resource must be the MCP address %s or the agent API root %s.", Resources(issuer)[0], Resources(issuer)[1]))
		}
		if !slices.Contains(r.Resources, canonical) { // the token's aud names each once
			r.Resources = append(r.Resources, canonical)
		}
	}
	if len(r.Resources) == 0 {
		r.Resources = Resources(issuer)[:1]
	}
	r.CodeChallenge = params["code_challenge"]
	r.Scope = grantScope(params["scope"])
	return nil
}

// Pending returns authorization request id while it waits for an answer:
// ErrNoRequest when id is empty, ErrRequestGone when it is unknown, expired
// or already answered.
func (s *Service) Pending(ctx context.Context, id string) (Request, error) {
	if id == "" {
		return Request{}, ErrNoRequest
	}
	if !ids.Valid(id) {
		return Request{}, ErrRequestGone
	}
	var it requestItem
	err := s.Table.Get(ctx, dynamo.OAuthRequestPK(id), dynamo.OAuthRequestSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && (it.Status != statusPending || !live(it.ExpiresAt, s.Clock.Now()))) {
		return Request{}, ErrRequestGone
	}
	if err != nil {
		return Request{}, fmt.Errorf("oauth: read authorization request: %w", err)
	}
	return it.Request, nil
}

// ErrNoRequest is returned when the consent page is opened without an
// authorization request.
var ErrNoRequest = errors.New("oauth: no authorization request")

// ErrRequestGone is returned for an authorization request that is unknown,
// expired or already answered.
var ErrRequestGone = errors.New("oauth: authorization request expired or answered")
