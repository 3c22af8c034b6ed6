package backlinks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rvcontent/shared/platform/egress"
)

// Limits of one proof check's fetch.
const (
	checkTimeout = 10 * time.Second
	checkMaxBody = 1 << 20
	seenMax      = 200
)

// runChecks checks the three proofs of token on domain at once and returns
// their results in the order dns_txt, meta_tag, well_known.
func (s *Service) runChecks(ctx context.Context, domain, token string) []Check {
	m := methodsFor(domain, token)
	out := make([]Check, 3)
	var wg sync.WaitGroup
	for i, f := range []func() Check{
		func() Check { return s.checkDNS(ctx, m.DNSTXT) },
		func() Check { return s.checkMeta(ctx, domain, token) },
		func() Check { return s.checkWellKnown(ctx, domain, m.WellKnown) },
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = f()
		}()
	}
	wg.Wait()
	return out
}

// anyOK reports whether one of the checks passed.
func anyOK(checks []Check) bool {
	for _, c := range checks {
		if c.OK {
			return true
		}
	}
	return false
}

// checkDNS looks for the TXT record.
func (s *Service) checkDNS(ctx context.Context, proof DNSProof) Check {
	c := Check{Method: MethodDNS}
	values, err := s.Web.LookupTXT(ctx, proof.Host)
	if err != nil || len(values) == 0 {
		c.Detail = fmt.Sprintf("No TXT record was found at %s.", proof.Host)
		return c
	}
	seen := values[0]
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v == proof.Value {
			c.OK, c.Seen, c.Detail = true, clip(v), "The TXT record was found."
			return c
		}
		if strings.HasPrefix(v, ProofName+"=") {
			seen = v
		}
	}
	c.Seen = clip(seen)
	c.Detail = fmt.Sprintf("The TXT records at %s do not include %q.", proof.Host, proof.Value)
	return c
}

// checkMeta looks for the meta tag on the domain's home page.
func (s *Service) checkMeta(ctx context.Context, domain, token string) Check {
	c := Check{Method: MethodMeta}
	page := "https://" + domain + "/"
	body, problem := s.fetchProof(ctx, domain, page)
	if problem != "" {
		c.Detail = problem
		return c
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		c.Detail = "The home page at " + page + " could not be read as HTML."
		return c
	}
	var first *string
	doc.Find("meta[name]").EachWithBreak(func(_ int, m *goquery.Selection) bool {
		if !strings.EqualFold(strings.TrimSpace(m.AttrOr("name", "")), ProofName) {
			return true
		}
		content := strings.TrimSpace(m.AttrOr("content", ""))
		if first == nil {
			first = clip(content)
		}
		if content == token {
			c.OK, c.Seen = true, clip(content)
			return false
		}
		return true
	})
	switch {
	case c.OK:
		c.Detail = "The meta tag was found on " + page + "."
	case first != nil:
		c.Seen = first
		c.Detail = "The meta tag on " + page + " holds another token."
	default:
		c.Detail = fmt.Sprintf("The home page at %s has no meta tag named %s.", page, ProofName)
	}
	return c
}

// checkWellKnown looks for the token in the well-known file.
func (s *Service) checkWellKnown(ctx context.Context, domain string, proof WellKnownProof) Check {
	c := Check{Method: MethodWellKnown}
	body, problem := s.fetchProof(ctx, domain, proof.URL)
	if problem != "" {
		c.Detail = problem
		return c
	}
	// A file saved by an editor that writes a byte order mark (Windows
	// Notepad) starts with U+FEFF, invisible to the person who wrote it.
	text := strings.TrimSpace(strings.TrimPrefix(string(body), "\ufeff"))
	if text != "" {
		c.Seen = clip(text)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == proof.Content {
			c.OK, c.Detail = true, "The file at "+proof.URL+" holds the token."
			return c
		}
	}
	c.Detail = "The file at " + proof.URL + " does not hold the token."
	return c
}

// fetchProof fetches a proof page of domain, following redirects only
// within the domain (its www. form included), and returns its body, or a
// sentence saying why it could not.
func (s *Service) fetchProof(ctx context.Context, domain, page string) ([]byte, string) {
	resp, err := s.Web.Do(ctx, egress.Request{URL: page, FollowRedirects: true, Timeout: checkTimeout, MaxBody: checkMaxBody})
	if err != nil {
		return nil, sentence(err)
	}
	if !sameSite(resp.URL, domain) {
		return nil, fmt.Sprintf("%s redirected to %s, outside %s.", page, resp.URL.Redacted(), domain)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Sprintf("%s answered HTTP %d.", page, resp.StatusCode)
	}
	return resp.Body, ""
}

// sameSite reports whether u is on domain or its www. form (either way).
func sameSite(u *url.URL, domain string) bool {
	if u == nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	return h == domain || h == "www."+domain || "www."+h == domain
}

// sentence turns an outbound failure into a sentence for a person.
func sentence(err error) string {
	var e *egress.Error
	if errors.As(err, &e) {
		msg := e.Error()
		return strings.ToUpper(msg[:1]) + msg[1:] + "."
	}
	return "The request failed."
}

// clip returns s cut to seenMax characters.
func clip(s string) *string {
	r := []rune(s)
	if len(r) > seenMax {
		s = string(r[:seenMax])
	}
	return &s
}
