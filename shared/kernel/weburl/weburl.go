// Package weburl decides whether a URL a user gives is a public web address:
// http or https, a host name that can exist on the internet or a public IP
// address, no credentials. An internationalised host name (bücher.de) is
// checked, compared and dialled in its ASCII form (xn--bcher-kva.de). It
// checks the text only; the egress client checks again at dial time, after
// DNS, where rebinding cannot fool it.
package weburl

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	"code.dny.dev/ssrf"
)

var guardian = ssrf.New(ssrf.WithAnyPort())

// localSuffixes are names that only resolve on a private network.
var localSuffixes = []string{
	".localhost", ".local", ".internal", ".lan", ".home", ".corp", ".intranet",
	".private", ".home.arpa", ".localdomain", ".invalid", ".onion", ".test.internal",
}

// ASCIIHost returns host in the form DNS knows: an internationalised name
// with each label that is not ASCII lowercased and written in Punycode as
// xn--... (IDNA's ASCII form of the names people type), any other host as
// it is. ok is false for a label that cannot be encoded, or one with a
// character no host name may hold (a space, a control character, a
// separator, "%", "/", ...).
func ASCIIHost(host string) (ascii string, ok bool) {
	if !hasNonASCII(host) {
		return host, true
	}
	// Browsers map full-width forms and the ideographic full stops to
	// ASCII before anything else (UTS 46): "１２７。０。０。１" is 127.0.0.1 to
	// them, so it is to this check.
	host = strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFEE0
		case r == 0x3002 || r == 0xFF0E || r == 0xFF61:
			return '.'
		}
		return r
	}, host)
	if !hasNonASCII(host) {
		return host, true
	}
	if strings.IndexFunc(host, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Zs) || strings.ContainsRune("%/\\@:?#[]", r)
	}) >= 0 {
		return "", false
	}
	return toASCII(host)
}

func hasNonASCII(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r > unicode.MaxASCII }) >= 0
}

// PublicHost reports whether host (a name, internationalised or not, or an
// IP literal, without port) could be a public internet host.
func PublicHost(host string) bool {
	host, ok := ASCIIHost(host)
	if !ok {
		return false
	}
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if h == "" {
		return false
	}
	if ip, err := netip.ParseAddr(h); err == nil {
		return guardian.SafeAddr(ip) == nil
	}
	if h == "localhost" || !strings.Contains(h, ".") {
		return false
	}
	for _, s := range localSuffixes {
		if strings.HasSuffix(h, s) {
			return false
		}
	}
	labels := strings.Split(h, ".")
	tld := labels[len(labels)-1]
	if !strings.ContainsAny(tld, "abcdefghijklmnopqrstuvwxyz") {
		return false // "127.1", "10.0.1" and other numeric forms resolvers read as IPs
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
	}
	return len(h) <= 253
}

// MaxLen is the longest URL any field of the service accepts (a site's
// address, a webhook, a live URL, a backlink target, a permalink...):
// longer, it is no address the service can store or a browser follows.
const MaxLen = 2048

// Parse parses raw as a public http(s) URL (https only when httpsOnly) and
// returns it, with an internationalised host in its ASCII form, or a
// problem sentence for the field. A URL with a control character (C0, DEL
// or C1), a space, or one of < > " ` anywhere, or a port outside 1 to
// 65535, is refused.
func Parse(raw string, httpsOnly bool) (*url.URL, string) {
	want := "must be a public http or https URL"
	if httpsOnly {
		want = "must be a public https URL"
	}
	if strings.IndexFunc(raw, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }) >= 0 {
		return nil, want // no control character or space, even where url.Parse lets one through
	}
	if strings.ContainsAny(raw, "<>\"`") {
		return nil, want // never a URL's own characters unencoded (RFC 3986); a page or Markdown would read them as markup
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, want
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "https" && (httpsOnly || scheme != "http") {
		return nil, want
	}
	if u.User != nil {
		return nil, "must not contain a user name or password"
	}
	host, ok := ASCIIHost(u.Hostname())
	if !ok || !PublicHost(host) {
		return nil, want
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, want
		}
		host = net.JoinHostPort(host, p)
	} else if strings.HasPrefix(u.Host, "[") {
		host = "[" + host + "]"
	}
	u.Scheme = scheme
	u.Host = strings.ToLower(host)
	return u, ""
}

// Check returns a validation check for input fields: "" when raw is a public
// URL, else the problem.
func Check(httpsOnly bool) func(string) string {
	return func(raw string) string {
		_, p := Parse(raw, httpsOnly)
		return p
	}
}
