// Package liveurls records where a finished article went live, as reported
// through the public articles API with a site key (public-articles-api.md
// 4, PATCH /articles/{id}). It owns the report's validation, in the spec's
// order (the body, then a public http(s) address, then the site's own
// domains), and the write: the article's published_url, a moved
// updated_at, and the article.published event, in one transaction.
package liveurls

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/weburl"
)

// The 400 sentences of the report's validation (spec 4, in order).
const (
	MsgSendURL   = `Send the article's live URL in published_url, as a JSON body such as {"published_url": "https://example.com/blog/my-article"}.`
	MsgNotPublic = "published_url is not a public http(s) URL."
	offDomain    = "published_url must be on your own site (%s)."
	noDomain     = "set your website in Settings"
)

// MaxURL is the longest live URL accepted (also by the agent API's
// publish). A longer one answers rule 2's sentence: it is no address the
// service can store or verify.
const MaxURL = weburl.MaxLen

// VerifiedDomains tells a site's verified backlink-exchange domain. The
// backlinks feature implements it; without one only the website counts.
type VerifiedDomains interface {
	// VerifiedDomain returns the site's verified domain and true, or false
	// when the site has none verified. Errors are internal.
	VerifiedDomain(ctx context.Context, accountID, siteID string) (string, bool, error)
}

// ReadURL reads published_url from a report's body (rule 1): a JSON object
// whose published_url is a non-empty string. It returns the URL trimmed, or
// a bad_request error with MsgSendURL.
func ReadURL(body []byte) (string, error) {
	var v map[string]json.RawMessage
	// A body that is not UTF-8 is not JSON (RFC 8259 8.1), though Go's
	// decoder would read its bytes as U+FFFD and record a URL nobody sent.
	if !utf8.Valid(body) {
		return "", apperr.New(apperr.BadRequest, MsgSendURL)
	}
	if err := json.Unmarshal(body, &v); err != nil || v == nil {
		return "", apperr.New(apperr.BadRequest, MsgSendURL)
	}
	var s string
	if raw, ok := v["published_url"]; !ok || json.Unmarshal(raw, &s) != nil || strings.TrimSpace(s) == "" {
		return "", apperr.New(apperr.BadRequest, MsgSendURL)
	}
	return strings.TrimSpace(s), nil
}

// Domains returns the domains a site's live URLs may be on: its website's
// host and its verified backlink-exchange domain, without a leading "www.",
// lowercase, without duplicates, leaving out a hosting platform's staging
// address (see platformAddress).
func Domains(site sites.Site, verified string) []string {
	var out []string
	add := func(host string) {
		host = bareHost(host)
		if host == "" || platformAddress(host) {
			return // a staging address is not the site's own domain (rule 3)
		}
		for _, d := range out {
			if d == host {
				return
			}
		}
		out = append(out, host)
	}
	if site.WebsiteURL != nil {
		if u, p := weburl.Parse(*site.WebsiteURL, false); p == "" {
			add(u.Hostname())
		}
	}
	add(verified)
	return out
}

// platformAddress reports whether host is an address a hosting platform
// gives its customers: a name under one of the Public Suffix List's
// private suffixes (acme.netlify.app, acme.github.io, acme.pages.dev,
// acme.myshopify.com...). Such a staging address does not count as the
// site's own domain until the site publishes on one (spec 4, PATCH rule 3).
func platformAddress(host string) bool {
	suffix, icann := publicsuffix.PublicSuffix(host)
	return !icann && strings.Contains(suffix, ".")
}

// bareHost lowercases host and drops a trailing dot and a leading "www.".
func bareHost(host string) string {
	h := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(host)), ".")
	return strings.TrimPrefix(h, "www.")
}

// CheckURL applies rules 2 and 3 to raw: a public http(s) URL of at most
// MaxURL characters, on one of domains or a subdomain of one. It returns a
// bad_request error with the spec's sentence otherwise.
func CheckURL(raw string, domains []string) error {
	u, problem := weburl.Parse(raw, false)
	if problem != "" || utf8.RuneCountInString(raw) > MaxURL {
		return apperr.New(apperr.BadRequest, MsgNotPublic)
	}
	host := bareHost(u.Hostname())
	for _, d := range domains {
		if host == d || strings.HasSuffix(host, "."+d) {
			return nil
		}
	}
	list := noDomain
	if len(domains) > 0 {
		list = strings.Join(domains, ", ")
	}
	return apperr.Newf(apperr.BadRequest, offDomain, list)
}
