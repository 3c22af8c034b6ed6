package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
)

// Grant types, response types and the client authentication the server
// supports.
const (
	GrantAuthorizationCode = "authorization_code"
	GrantRefreshToken      = "refresh_token"
	ResponseTypeCode       = "code"
	AuthMethodNone         = "none"
)

// maxClientName is the longest client_name accepted.
const maxClientName = 100

// Client is a registered app (RFC 7591 3.2.1). Every client is public: it
// has no secret and proves itself with PKCE.
type Client struct {
	ID                      string   `json:"client_id" dynamodbav:"client_id"`
	IssuedAt                int64    `json:"client_id_issued_at" dynamodbav:"issued_at"`
	Name                    string   `json:"client_name" dynamodbav:"client_name"`
	RedirectURIs            []string `json:"redirect_uris" dynamodbav:"redirect_uris"`
	GrantTypes              []string `json:"grant_types" dynamodbav:"grant_types"`
	ResponseTypes           []string `json:"response_types" dynamodbav:"response_types"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method" dynamodbav:"token_endpoint_auth_method"`
}

type clientItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Client
}

// registration is the metadata a client sends; other fields are ignored.
type registration struct {
	ClientName              *string
	RedirectURIs            *[]string
	GrantTypes              *[]string
	ResponseTypes           *[]string
	TokenEndpointAuthMethod *string
}

// read fills in from the metadata's members matched by their exact names
// (RFC 7591 2), and returns the problem of the first that does not have
// its type ("" when each has). Go's decoder would also take "Client_Name"
// for client_name, a member every other reader ignores, so the owner could
// approve a name no proxy or log saw.
func (in *registration) read(members map[string]json.RawMessage) string {
	for _, f := range []struct {
		name, takes string
		into        any
	}{
		{"redirect_uris", "an array of strings", &in.RedirectURIs},
		{"client_name", "a string", &in.ClientName},
		{"grant_types", "an array of strings", &in.GrantTypes},
		{"response_types", "an array of strings", &in.ResponseTypes},
		{"token_endpoint_auth_method", "a string", &in.TokenEndpointAuthMethod},
	} {
		if raw, ok := members[f.name]; ok && json.Unmarshal(raw, f.into) != nil {
			return f.name + " must be " + f.takes + "."
		}
	}
	return ""
}

// ErrUnknownClient is returned for a client_id nobody registered.
var ErrUnknownClient = errors.New("oauth: unknown client")

// Register registers a client from its JSON metadata (RFC 7591 3.1) for a
// caller at address ip. Errors are *Error with invalid_redirect_uri,
// invalid_client_metadata or too_many_requests.
func (s *Service) Register(ctx context.Context, body []byte, ip string) (Client, error) {
	c, perr := parseRegistration(body)
	if perr != nil {
		return Client{}, perr
	}
	win, err := s.Counters.Take(ctx, "oauth-register#"+ratelimit.Address(ip), time.Hour, s.registrationsPerHour())
	if errors.Is(err, ratelimit.ErrExhausted) {
		e := Errorf(TooManyRequests, "Too many apps were registered from this address in the last hour. Register once per installation and retry later.")
		e.RetryAfter = win.RetryAfter()
		return Client{}, e
	}
	if err != nil {
		return Client{}, fmt.Errorf("oauth: register: %w", err)
	}
	c.ID, c.IssuedAt = ids.New(), s.Clock.Now().Unix()
	if err := s.Table.PutNew(ctx, clientItem{PK: dynamo.OAuthClientPK(c.ID), SK: dynamo.OAuthClientSK, Client: c}); err != nil {
		return Client{}, fmt.Errorf("oauth: register: %w", err)
	}
	return c, nil
}

// DefaultRegistrationsPerHour is how many clients one address may register
// an hour when Service.RegistrationsPerHour is zero.
const DefaultRegistrationsPerHour = 100

func (s *Service) registrationsPerHour() int {
	if s.RegistrationsPerHour > 0 {
		return s.RegistrationsPerHour
	}
	return DefaultRegistrationsPerHour
}

// Client returns registered client id, or ErrUnknownClient.
func (s *Service) Client(ctx context.Context, id string) (Client, error) {
	if !ids.Valid(id) {
		return Client{}, ErrUnknownClient
	}
	var it clientItem
	err := s.Table.Get(ctx, dynamo.OAuthClientPK(id), dynamo.OAuthClientSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Client{}, ErrUnknownClient
	}
	if err != nil {
		return Client{}, fmt.Errorf("oauth: read client: %w", err)
	}
	return it.Client, nil
}

func invalidMetadata(format string, args ...any) *Error {
	return badRequest(InvalidClientMetadata, fmt.Sprintf(format, args...))
}

// parseRegistration checks a registration request and returns the client
// it registers, with defaults filled in.
func parseRegistration(body []byte) (Client, *Error) {
	var in registration
	if !utf8.Valid(body) {
		// JSON is UTF-8 (RFC 8259 8.1); Go would read the bad bytes as
		// U+FFFD into the name the owner is shown.
		return Client{}, invalidMetadata("The body must be a JSON object of client metadata (RFC 7591) in UTF-8.")
	}
	// A JSON null decodes into no map at all: only an object is client
	// metadata.
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil || members == nil {
		return Client{}, invalidMetadata("The body must be a JSON object of client metadata (RFC 7591).")
	}
	if problem := in.read(members); problem != "" {
		return Client{}, invalidMetadata("%s", problem)
	}
	// Metadata read otherwise than as sent (a field named twice, which a
	// proxy may read at its other value; half a surrogate pair, which Go
	// reads as U+FFFD) is refused as the API refuses such a body.
	var ambiguous *apperr.Error
	if errors.As(input.Unambiguous(body), &ambiguous) {
		return Client{}, invalidMetadata("%s", ambiguous.Message)
	}
	var c Client
	if in.RedirectURIs == nil || len(*in.RedirectURIs) == 0 {
		return Client{}, badRequest(InvalidRedirectURI, "redirect_uris must list at least one redirect URI.")
	}
	if len(*in.RedirectURIs) > MaxRedirectURIs {
		return Client{}, badRequest(InvalidRedirectURI, fmt.Sprintf("redirect_uris may list at most %d redirect URIs.", MaxRedirectURIs))
	}
	for _, u := range *in.RedirectURIs {
		if err := CheckRedirectURI(u); err != nil {
			return Client{}, badRequest(InvalidRedirectURI, "redirect_uris: "+err.Error()+".")
		}
		if !slices.Contains(c.RedirectURIs, u) {
			c.RedirectURIs = append(c.RedirectURIs, u)
		}
	}
	if in.ClientName == nil || strings.TrimSpace(*in.ClientName) == "" {
		return Client{}, invalidMetadata("client_name is required: the owner sees it when approving the app.")
	}
	if problem := input.SingleLine(strings.TrimSpace(*in.ClientName)); problem != "" {
		return Client{}, invalidMetadata("client_name %s.", problem)
	}
	c.Name = strings.Join(strings.Fields(*in.ClientName), " ")
	if utf8.RuneCountInString(c.Name) > maxClientName {
		return Client{}, invalidMetadata("client_name may have at most %d characters.", maxClientName)
	}
	c.GrantTypes = []string{GrantAuthorizationCode, GrantRefreshToken}
	if in.GrantTypes != nil {
		for _, g := range *in.GrantTypes {
			if g != GrantAuthorizationCode && g != GrantRefreshToken {
				return Client{}, invalidMetadata("grant_types may contain only %q and %q, not %q.", GrantAuthorizationCode, GrantRefreshToken, g)
			}
		}
		if !slices.Contains(*in.GrantTypes, GrantAuthorizationCode) {
			return Client{}, invalidMetadata("grant_types must contain %q: it is the only way to get a connection.", GrantAuthorizationCode)
		}
	}
	c.ResponseTypes = []string{ResponseTypeCode}
	if in.ResponseTypes != nil {
		for _, r := range *in.ResponseTypes {
			if r != ResponseTypeCode {
				return Client{}, invalidMetadata("response_types may contain only %q, not %q.", ResponseTypeCode, r)
			}
		}
	}
	c.TokenEndpointAuthMethod = AuthMethodNone
	if in.TokenEndpointAuthMethod != nil && *in.TokenEndpointAuthMethod != AuthMethodNone {
		return Client{}, invalidMetadata("token_endpoint_auth_method must be %q: apps are public clients that prove themselves with PKCE.", AuthMethodNone)
	}
	return c, nil
}
