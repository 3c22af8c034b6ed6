package oauth

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

// Error is an OAuth protocol error: a code from the RFCs and a sentence for
// the developer. The endpoints answer invalid_client with 401,
// too_many_requests with 429, server_error with 500 and every other code
// with 400.
type Error struct {
	Code        string `json:"error"`
	Description string `json:"error_description,omitempty"`
	// RetryAfter is the seconds to wait, for too_many_requests.
	RetryAfter int `json:"-"`
}

// Error returns the code and the description.
func (e *Error) Error() string { return "oauth: " + e.Code + ": " + e.Description }

// Errorf returns the protocol error code with description.
func Errorf(code, description string) *Error {
	return &Error{Code: code, Description: description}
}

// badRequest returns a protocol error answered with 400.
func badRequest(code, description string) *Error { return Errorf(code, description) }

// ErrServer answers a failure of the service itself.
var ErrServer = Errorf(ServerError, "Something went wrong on our side. Retry with backoff.")
