// Package emailcheck validates email addresses and recognises disposable
// mail providers, using the community-maintained list published on npm as
// "disposable-email-domains" (refreshed with `make update-disposable`).
package emailcheck

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"net/mail"
	"strings"
	"sync"
	"unicode"

	"rvcontent/shared/kernel/weburl"
	outmail "rvcontent/shared/platform/mail"
)

//go:embed disposable.txt.gz
var listGz []byte

var (
	once      sync.Once
	exact     map[string]struct{}
	wildcards map[string]struct{}
)

func load() {
	exact, wildcards = map[string]struct{}{}, map[string]struct{}{}
	zr, err := gzip.NewReader(bytes.NewReader(listGz))
	if err != nil {
		panic("emailcheck: embedded list is corrupt: " + err.Error())
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "*."):
			wildcards[line[2:]] = struct{}{}
		default:
			exact[line] = struct{}{}
		}
	}
}

// Disposable reports whether domain belongs to a disposable mail provider,
// itself or as a subdomain of a provider listed with a wildcard.
func Disposable(domain string) bool {
	once.Do(load)
	d := strings.TrimSuffix(strings.ToLower(domain), ".")
	if _, ok := exact[d]; ok {
		return true
	}
	for d != "" {
		if _, ok := wildcards[d]; ok {
			return true
		}
		_, rest, found := strings.Cut(d, ".")
		if !found {
			break
		}
		d = rest
	}
	return false
}

// Check returns a problem with address as an account email, or "": it must
// be a bare address (no display name) whose local part is ASCII
// (ASCIILocalPart) of at most MaxLocalPart characters, on a public domain
// name as mail is addressed to one (RFC 5321 4.1.2: labels of letters,
// digits and hyphens, neither starting nor ending with a hyphen, at most 63
// characters; no address literal such as [127.0.0.1], no bare IP address,
// no name that resolves only on a private network), and not from a
// disposable provider.
func Check(address string) string {
	// Go's parser takes some characters no mailbox name has (Unicode line
	// and paragraph separators, format controls such as bidi overrides),
	// which then reach mail headers and pages.
	if strings.IndexFunc(address, func(r rune) bool {
		return unicode.IsControl(r) || unicode.IsSpace(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
	}) >= 0 {
		return "must be a valid email address"
	}
	a, err := mail.ParseAddress(address)
	if err != nil || a.Name != "" || a.Address != address {
		return "must be a valid email address"
	}
	if !ASCIILocalPart(address) {
		return NonASCIILocalPart
	}
	domain := address[strings.LastIndexByte(address, '@')+1:]
	if strings.HasPrefix(domain, "[") {
		return "must be a valid email address"
	}
	// A provider is recognised whatever form its name is written in:
	// "ｍailinator.com" (full-width) is mailinator.com to mail software.
	// The dots are checked in that form too, so a domain written wholly in
	// full-width forms ("ｂüｃｈｅｒ．ｄｅ", its full stop included) is the
	// address it spells.
	ascii, ok := weburl.ASCIIHost(domain)
	if !ok || !strings.Contains(ascii, ".") || strings.HasPrefix(ascii, ".") || strings.HasSuffix(ascii, ".") ||
		len(address)-len(domain)-1 > MaxLocalPart || !mailDomain(ascii) {
		return "must be a valid email address"
	}
	if Disposable(ascii) {
		return "must not be a disposable email address"
	}
	return ""
}

// Canonical returns the form of address that accounts are told apart by:
// its domain in the ASCII form DNS knows (full-width forms read as ASCII,
// labels in another script in Punycode, as weburl.ASCIIHost writes them),
// so owner@bücher.de and owner@xn--bcher-kva.de are one address: the form
// mail is sent to (platform/mail.Recipient). Case is
// left as it is (the email reservation's key ignores it); an address
// without a domain that can be written so comes back unchanged.
func Canonical(address string) string { return outmail.Recipient(address) }

// MaxLocalPart is the longest local part of an address, in octets (RFC
// 5321 4.5.3.1.1).
const MaxLocalPart = 64

// NonASCIILocalPart is Check's problem with an address whose local part is
// not ASCII.
const NonASCIILocalPart = "must have only ASCII letters, digits and punctuation before the @: mail to a name written with other characters (such as ü) cannot be delivered"

// ASCIILocalPart reports whether the local part of address (what comes
// before its last @) is ASCII. Mail is sent through Amazon SES, which does
// not support SMTPUTF8 (RFC 6531): a domain in another script has an ASCII
// form to send to (Canonical), a local part such as "müller" has none, so
// mail to it can never be delivered.
func ASCIILocalPart(address string) bool {
	local := address[:max(strings.LastIndexByte(address, '@'), 0)]
	return strings.IndexFunc(local, func(r rune) bool { return r > unicode.MaxASCII }) < 0
}

// mailDomain reports whether ascii, a domain in its ASCII form, is one mail
// can be sent to: a public host name (weburl.PublicHost) that is not an IP
// address and whose labels hold only letters, digits and hyphens (RFC 5321
// 4.1.2); PublicHost, made for web addresses, takes public IP addresses
// and "_" too.
func mailDomain(ascii string) bool {
	tld := ascii[strings.LastIndexByte(ascii, '.')+1:]
	return weburl.PublicHost(ascii) && !strings.Contains(ascii, "_") &&
		strings.IndexFunc(tld, unicode.IsLetter) >= 0 // not an IP address
}
