package oauth

import (
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
)

// MaxRedirectURIs is how many redirect URIs one client may register.
const MaxRedirectURIs = 10

// maxURI is the longest redirect URI accepted.
const maxURI = 2000

// CheckRedirectURI returns why uri cannot be a redirect URI, or nil. An
// app's redirect URI is an absolute https URL without a fragment or user
// information; native and command-line apps may use http on a loopback host
// (127.0.0.1, [::1] or localhost) with any port (RFC 8252 7.3).
func CheckRedirectURI(uri string) error {
	if len(uri) > maxURI {
		return fmt.Errorf("one is longer than %d characters", maxURI)
	}
	u, err := url.Parse(uri)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Opaque != "" || strings.IndexFunc(uri, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return fmt.Errorf("%q is not an absolute URL", uri)
	}
	if p := u.Port(); p != "" || strings.HasSuffix(u.Host, ":") {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("%q has a port outside 1 to 65535", uri)
		}
	}
	if u.Fragment != "" || strings.Contains(uri, "#") {
		return fmt.Errorf("%q has a fragment; redirect URIs cannot", uri)
	}
	if u.User != nil {
		return fmt.Errorf("%q carries user information; redirect URIs cannot", uri)
	}
	if !hostName(u.Hostname()) {
		return fmt.Errorf("%q has a host that is neither a host name nor an IP address", uri)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if isLoopback(u) {
			return nil
		}
		return fmt.Errorf("%q uses http on a host that is not loopback; use https, or http on 127.0.0.1, [::1] or localhost", uri)
	}
	return fmt.Errorf("%q uses the scheme %q; use https, or http on 127.0.0.1, [::1] or localhost", uri, u.Scheme)
}

// hostName reports whether host (without brackets or port) can be a host:
// an IP address, or dot-separated labels of letters, digits, "-" and "_",
// none starting or ending with "-" (as every URL field of the service
// requires).
// Go's URL parser also takes sub-delimiters such as ";" and "," in a host,
// which no host has: the app could never be reached there, and in a
// Content-Security-Policy naming the origin (the consent page's) a ";"
// would end the directive.
func hostName(host string) bool {
	if strings.Contains(host, ":") {
		_, err := netip.ParseAddr(host)
		return err == nil
	}
	for _, label := range strings.Split(strings.TrimSuffix(host, "."), ".") {
		if label == "" || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") || strings.IndexFunc(label, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && r != '-' && r != '_'
		}) >= 0 {
			return false
		}
	}
	return true
}

// isLoopback reports whether u's host is a loopback name or address.
func isLoopback(u *url.URL) bool {
	switch strings.ToLower(u.Hostname()) {
	case "127.0.0.1", "::1", "localhost":
		return true
	}
	return false
}

// MatchRedirect reports whether uri is one of the registered redirect URIs:
// the same string, or, for an http loopback URI, the same URI on another
// port (native apps listen on a port they choose at run time).
func MatchRedirect(registered []string, uri string) bool {
	for _, r := range registered {
		if r == uri {
			return true
		}
	}
	// Another port, but a redirect URI all the same: a port in 1 to
	// 65535, no fragment or user information.
	if CheckRedirectURI(uri) != nil {
		return false
	}
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "http" || !isLoopback(u) {
		return false
	}
	for _, r := range registered {
		ru, err := url.Parse(r)
		if err != nil || ru.Scheme != "http" || !isLoopback(ru) {
			continue
		}
		if strings.EqualFold(ru.Hostname(), u.Hostname()) && ru.EscapedPath() == u.EscapedPath() && ru.RawQuery == u.RawQuery {
			return true
		}
	}
	return false
}

// withParams returns redirect URI uri with params added to its query. The
// query uri has is kept as it is (RFC 6749 3.1.2: it "MUST be retained"):
// parsing and encoding it again would drop what Go's parser refuses, such
// as a ";" in a value, and rewrite the rest. Redirect URIs have no
// fragment, so the parameters go at the end.
func withParams(uri string, params url.Values) string {
	sep := "?"
	if i := strings.IndexByte(uri, '?'); i >= 0 {
		sep = "&"
		if i == len(uri)-1 || strings.HasSuffix(uri, "&") {
			sep = ""
		}
	}
	return uri + sep + params.Encode()
}
