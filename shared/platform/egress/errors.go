package egress

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"code.dny.dev/ssrf"
)

// guardian decides which addresses are public: the maintained SSRF list
// (IANA special-purpose registries), any port.
var guardian = ssrf.New(ssrf.WithAnyPort())

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

// Describe names the kind of a non-public address in words ("a loopback
// address"); it says "a public address" for any other.
func Describe(ip netip.Addr) string {
	ip = ip.Unmap()
	switch {
	case ip.IsUnspecified():
		return "an unspecified address"
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsPrivate():
		return "a private address"
	case ip.IsMulticast():
		return "a multicast address"
	case ip.IsLinkLocalUnicast():
		return "a link-local address"
	case guardian.SafeAddr(ip) != nil:
		return "a reserved or special-purpose address"
	}
	return "a public address"
}

func tooLarge(rawURL string, max int64) error {
	return &Error{Reason: ReasonTooLarge, URL: rawURL, Message: fmt.Sprintf("the response is larger than %s, the most the service reads", size(max))}
}

func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// classify turns a transport error into an *Error naming the URL that
// failed (a redirect hop's, when a hop failed).
func classify(ctx context.Context, rawURL string, timeout time.Duration, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) && ue.URL != "" {
		rawURL = ue.URL
	}
	var e *Error
	if errors.As(err, &e) {
		cp := *e
		if !hasScheme(cp.URL) { // a dial error names only the host
			cp.URL = rawURL
		}
		return &cp
	}
	var ne net.Error
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return &Error{Reason: ReasonTimeout, URL: rawURL, Message: fmt.Sprintf("it did not answer within %s", seconds(timeout)), cause: err}
	case errors.Is(err, syscall.ECONNREFUSED):
		return &Error{Reason: ReasonConnect, URL: rawURL, Message: "it refused the connection (nothing listens there)", cause: err}
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{Reason: ReasonConnect, URL: rawURL, Message: "the server closed the connection before answering", cause: err}
	case strings.Contains(err.Error(), "malformed HTTP"):
		return &Error{Reason: ReasonConnect, URL: rawURL, Message: "its answer was not a valid HTTP response", cause: err}
	}
	// The message never repeats the URL (a *url.Error starts with it), whose
	// query may hold a token.
	why := err
	if ue != nil && ue.Err != nil {
		why = ue.Err
	}
	return &Error{Reason: ReasonConnect, URL: rawURL, Message: "the connection failed (" + why.Error() + ")", cause: err}
}

func hasScheme(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != ""
}

func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		if d == time.Second {
			return "1 second"
		}
		return fmt.Sprintf("%d seconds", d/time.Second)
	}
	return d.String()
}
