package backlinks

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"

	"golang.org/x/net/publicsuffix"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// The names of the three proofs (spec 2 Domain verification).
const (
	MethodDNS       = "dns_txt"
	MethodMeta      = "meta_tag"
	MethodWellKnown = "well_known"
	// ProofName is the TXT record prefix and the meta tag name.
	ProofName = "service-site-verification"
	// WellKnownPath is the path of the proof file.
	WellKnownPath = "/.well-known/service-verification"
)

// Verification is a domain's verification as the API shows it.
type Verification struct {
	Domain string `json:"domain"`
	Status string `json:"status"`
	Token  string `json:"token"`
	// VerifiedAt is when the domain last became verified: the check that
	// found its proof while it was unverified or suspended (see
	// applyCheck). Passing re-checks and the verifying grace keep it; it
	// stays as the last verification while suspended; a new domain
	// clears it. The scores' time verified counts from it.
	VerifiedAt *string `json:"verified_at"`
	Methods    Methods `json:"methods"`
	// Checks are the results of the check just made; absent otherwise.
	Checks []Check `json:"checks,omitempty"`
}

// Methods are the three ways to prove control of the domain; any one
// suffices.
type Methods struct {
	DNSTXT    DNSProof       `json:"dns_txt"`
	MetaTag   MetaProof      `json:"meta_tag"`
	WellKnown WellKnownProof `json:"well_known"`
}

// DNSProof is a TXT record to publish at Host.
type DNSProof struct {
	Host  string `json:"host"`
	Value string `json:"value"`
}

// MetaProof is a tag to put in the head of the domain's home page.
type MetaProof struct {
	Tag string `json:"tag"`
}

// WellKnownProof is a file to serve at URL with Content.
type WellKnownProof struct {
	URL     string `json:"url"`
	Content string `json:"content"`
}

// Check is the result of one proof's check. Seen is what the service
// found in the proof's place (a TXT record, the meta tag's content, the
// start of the file), null when it found nothing; Detail says why it
// passed or failed.
type Check struct {
	Method string  `json:"method" dynamodbav:"method"`
	OK     bool    `json:"ok" dynamodbav:"ok"`
	Seen   *string `json:"seen" dynamodbav:"seen"`
	Detail string  `json:"detail" dynamodbav:"detail"`
}

// methodsFor returns the proofs of token on domain.
func methodsFor(domain, token string) Methods {
	return Methods{
		DNSTXT:    DNSProof{Host: "_service." + domain, Value: ProofName + "=" + token},
		MetaTag:   MetaProof{Tag: `<meta name="` + ProofName + `" content="` + token + `">`},
		WellKnown: WellKnownProof{URL: "https://" + domain + WellKnownPath, Content: token},
	}
}

// verification returns the verification view of a site's settings.
func (it settingsItem) verification(checks []Check) Verification {
	return Verification{
		Domain: it.domain(), Status: it.status(), Token: it.Token, VerifiedAt: it.VerifiedAt,
		Methods: methodsFor(it.domain(), it.Token), Checks: checks,
	}
}

// ParseDomain reads a domain name as the domain field takes it: a host
// name (a public http or https URL is accepted and its host taken),
// lowercase and in its ASCII form when internationalised (IDNA: xn--...),
// without a trailing dot; a public name (not an IP address, not a local-only name)
// that is a registrable domain or a subdomain of one. It returns the
// domain or a problem sentence.
func ParseDomain(raw string) (string, string) {
	s := strings.ToLower(strings.TrimSpace(raw))
	if strings.Contains(s, "://") {
		// A URL follows every URL field's rules (a port outside 1 to
		// 65535, a user name, another scheme: refused).
		u, problem := weburl.Parse(s, false)
		if problem != "" {
			return "", "must be a domain name such as example.com, or a public http or https URL on it"
		}
		s = u.Hostname()
	}
	s = strings.TrimSuffix(s, ".")
	switch {
	case s == "":
		return "", "is required"
	case strings.ContainsAny(s, "/:@?# "):
		return "", "must be a domain name such as example.com"
	}
	// An internationalised name is kept, compared and looked up in DNS in
	// its ASCII form, as the site's website_url host is.
	s, ok := weburl.ASCIIHost(s)
	if !ok {
		return "", "must be a public domain name such as example.com"
	}
	if _, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return "", "must be a domain name, not an IP address"
	}
	if !weburl.PublicHost(s) {
		return "", "must be a public domain name such as example.com"
	}
	if _, err := publicsuffix.EffectiveTLDPlusOne(s); err != nil {
		return "", "must be a registrable domain or a subdomain of one, not a public suffix"
	}
	return s, ""
}

// Registrable returns the registrable domain (eTLD+1) of host, or host
// itself when it has none.
func Registrable(host string) string {
	if r, err := publicsuffix.EffectiveTLDPlusOne(strings.ToLower(host)); err == nil {
		return r
	}
	return strings.ToLower(host)
}

// ownDomain checks that domain belongs with the site: it must share the
// registrable domain of the site's website_url (any domain when the site
// has none).
func ownDomain(site sites.Site, domain string) string {
	if site.WebsiteURL == nil {
		return ""
	}
	u, p := weburl.Parse(*site.WebsiteURL, false)
	if p != "" {
		return ""
	}
	// The host as DNS knows it: a trailing root dot ("acme.com.") names
	// the same host, and no public suffix rule reads it.
	want := Registrable(asciiHost(u.Hostname()))
	if Registrable(domain) != want {
		return fmt.Sprintf("must be on the site's own domain %s (a subdomain of it is fine); change the site's website_url first to use another domain", want)
	}
	return ""
}

// newToken returns a fresh opaque verification token: 32 hex characters.
func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// SetDomain sets the domain the caller's site proves (POST
// /sites/{site_id}/backlinks/domain). A new domain gets a new token and
// starts unverified; the site stops hosting until it is verified and opted
// in again. Sending the current domain again changes nothing and returns
// its verification. Errors: not_found; validation_failed (domain); conflict
// when the settings kept changing.
func (s *Service) SetDomain(ctx context.Context, siteID, raw string) (Verification, error) {
	who, site, err := s.site(ctx, siteID)
	if err != nil {
		return Verification{}, err
	}
	domain, problem := ParseDomain(raw)
	if problem == "" {
		problem = ownDomain(site, domain)
	}
	if problem != "" {
		return Verification{}, apperr.Invalid(apperr.Problem{Field: "domain", Problem: problem})
	}
	for try := 0; try < changeAttempts; try++ {
		set, err := s.loadSettings(ctx, who.AccountID, siteID)
		if err != nil {
			return Verification{}, err
		}
		if set.domain() == domain {
			return set.verification(nil), nil
		}
		set.Domain, set.Token, set.VerifiedAt, set.Failures = &domain, newToken(), nil, 0
		set.setStatus(DomainUnverified)
		set.Checks, set.CheckedAt, set.NextRecheckAt, set.OptedIn = nil, nil, "", false
		v := set.verification(nil)
		tx := &dynamo.Tx{}
		putSettings(tx, &set)
		activity.Record(tx, s.Clock.Now(), who, activity.Change{
			Action: "backlinks.domain_set", SiteID: siteID, Resource: activity.Resource{Type: "backlinks", ID: siteID},
			Summary: fmt.Sprintf("Backlink exchange domain set to %s (unverified)", domain),
		})
		err = s.Table.Commit(ctx, tx, v)
		if dynamo.LostRace(err, "settings") {
			if err := pauseAfterRace(ctx, try); err != nil {
				return Verification{}, err
			}
			continue
		}
		if err != nil {
			return Verification{}, apperr.Wrap("backlinks.SetDomain", err)
		}
		return v, nil
	}
	return Verification{}, errBusy
}

// VerifiedDomain returns the site's verified exchange domain and true, or
// false when the site has none: no domain, or one unverified or suspended.
// A verified domain being confirmed again (status verifying) still counts.
// The site is not checked against the account: callers pass a site they
// have already found under accountID. Errors are internal.
func (s *Service) VerifiedDomain(ctx context.Context, accountID, siteID string) (string, bool, error) {
	return Domains{Table: s.Table}.VerifiedDomain(ctx, accountID, siteID)
}

// Domains reads sites' verified domains with nothing but the table: what
// recording a live URL needs of the exchange.
type Domains struct {
	Table *dynamo.Table
}

// VerifiedDomain returns the site's verified (or verifying) domain and true,
// or false when it has none proven.
func (d Domains) VerifiedDomain(ctx context.Context, accountID, siteID string) (string, bool, error) {
	set, err := readSettings(ctx, d.Table, accountID, siteID)
	if err != nil {
		return "", false, err
	}
	if !set.proven() {
		return "", false, nil
	}
	return set.domain(), true, nil
}
