package oauth

import (
	"net/http"
)

// The protocol's error codes (RFC 6749 4.1.2.1 and 5.2, RFC 7591 3.2.2,
// RFC 8707 2).
const (
	InvalidRequest          = "invalid_request"
	InvalidClient           = "invalid_client"
	InvalidGrant            = "invalid_grant"
	UnauthorizedClient      = "unauthorized_client"
	UnsupportedGrantType    = "unsupported_grant_type"
	UnsupportedResponseType = "unsupported_response_type"
	AccessDenied            = "access_denied"
	InvalidTarget           = "invalid_target"
	ServerError             = "server_error"
	InvalidRedirectURI      = "invalid_redirect_uri"
	InvalidClientMetadata   = "invalid_client_metadata"
	TooManyRequests         = "too_many_requests"
)

// Error is an OAuth protocol error: a code from the RFCs, a sentence for the
// developer and the HTTP status it is answered with at the token,
// registration and revocation endpoints.
type Error struct {
	Code        string `json:"error"`
	Description string `json:"error_description,omitempty"`
	Status      int    `json:"-"`
	// RetryAfter is the seconds to wait, for too_many_requests.
	RetryAfter int `json:"-"`
}

// Error returns the code and the description.
func (e *Error) Error() string { return "oauth: " + e.Code + ": " + e.Description }

func errorf(status int, code, description string) *Error {
	return &Error{Code: code, Description: description, Status: status}
}

// badRequest returns a 400 error with code.
func badRequest(code, description string) *Error {
	return errorf(http.StatusBadRequest, code, description)
}

// errServer answers a failure of the service itself.
var errServer = errorf(http.StatusInternalServerError, ServerError, "Something went wrong on our side. Retry with backoff.")
