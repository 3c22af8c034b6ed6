package egress

// Reasons a request got no response.
const (
	ReasonRefused   = "refused"   // the address is not public
	ReasonDNS       = "dns"       // the name did not resolve
	ReasonConnect   = "connect"   // the connection failed
	ReasonTimeout   = "timeout"   // no answer in time
	ReasonTLS       = "tls"       // the TLS handshake failed
	ReasonTooLarge  = "too_large" // the body exceeded the cap
	ReasonRedirects = "redirects" // too many redirects
)

// Error is a failed outbound request. Message completes the sentence
// "The request to <url> failed because ...".
type Error struct {
	Reason  string
	URL     string
	Message string
	cause   error
}

// Error returns a sentence a user can act on.
func (e *Error) Error() string { return "the request to " + e.URL + " failed because " + e.Message }

// Unwrap returns the transport error behind it, if any.
func (e *Error) Unwrap() error { return e.cause }
