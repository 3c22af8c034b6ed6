// Package crawl reads a website for the scan: its robots.txt, the home page
// and a handful of the site's own pages that the home page links to (about,
// product, pricing, comparison and contact pages first), through the
// SSRF-safe egress client, and parses each into a Page with goquery. A home
// page that cannot be read ends the crawl with a Failure that says which
// problem it was; other pages that fail are left out.
package crawl

import (
	"context"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/egress"
)

// Fetcher sends one outbound request; *egress.Client is the production one.
// It returns an *egress.Error when no response came.
type Fetcher interface {
	Do(ctx context.Context, req egress.Request) (*egress.Response, error)
}

var _ Fetcher = (*egress.Client)(nil)

// Defaults of a Crawler.
const (
	DefaultAgent       = "ServiceBot"
	DefaultMaxPages    = 5
	DefaultPageTimeout = 10 * time.Second
	DefaultParallel    = 3
)

// Crawler reads websites. The zero value with a Fetcher works.
type Crawler struct {
	Fetcher Fetcher
	// Agent is the product token robots.txt groups are matched against.
	Agent string
	// MaxPages is how many pages besides the home page are read.
	MaxPages int
	// PageTimeout caps each request.
	PageTimeout time.Duration
	// MaxPageBytes caps each page; the egress client's cap when zero.
	MaxPageBytes int64
	// Parallel is how many pages are fetched at once.
	Parallel int
}

// Result is a finished crawl.
type Result struct {
	// Pages are the pages read, the home page first, then the others in
	// the order the crawler preferred them.
	Pages []*Page
	// Requests counts the HTTP requests made (robots.txt included;
	// redirects followed inside one request are not counted apart).
	Requests int
}

// Crawl reads the site at siteURL. It returns a *Failure when the home page
// cannot be read or robots.txt forbids it.
func (c *Crawler) Crawl(ctx context.Context, siteURL string) (*Result, error) {
	start, problem := weburl.Parse(siteURL, false)
	if problem != "" {
		return nil, fail(CodeRefused, "The scan did not read %s because the address %s.", siteURL, problem)
	}
	var requests atomic.Int64
	count := func() { requests.Add(1) }
	robots := c.robots(ctx, start, count)
	if !robots.allows(start) {
		return nil, fail(CodeRobots, "The site's robots.txt does not allow %s to read %s; allow it there, then scan again.", c.agent(), start.String())
	}
	count()
	home, err := c.page(ctx, start.String())
	if err != nil {
		return nil, err
	}
	hosts := map[string]bool{strings.ToLower(start.Host): true, strings.ToLower(home.URL.Host): true}
	if home.URL.Scheme != start.Scheme || !strings.EqualFold(home.URL.Host, start.Host) {
		robots = c.robots(ctx, home.URL, count) // the site lives at another origin
	}
	if !robots.allows(home.URL) {
		// The home page is where the address redirects: its own rules apply.
		return nil, fail(CodeRobots, "The robots.txt of %s does not allow %s to read %s, where %s redirects; allow it there, then scan again.", home.URL.Host, c.agent(), home.URL.String(), start.String())
	}
	res := &Result{Pages: []*Page{home}}
	if !robots.homeOnly {
		res.Pages = append(res.Pages, c.others(ctx, home, hosts, robots, count)...)
	}
	res.Requests = int(requests.Load())
	return res, nil
}

// others fetches the chosen pages in parallel and returns those that are
// HTML pages on the site's hosts, in the order chosen.
func (c *Crawler) others(ctx context.Context, home *Page, hosts map[string]bool, r rules, count func()) []*Page {
	urls := choose(home, hosts, r, c.maxPages())
	pages := make([]*Page, len(urls))
	sem := make(chan struct{}, c.parallel())
	var wg sync.WaitGroup
	for i, u := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			p, err := c.within(ctx, u, hosts, r, count)
			if err == nil && key(p.URL) != key(home.URL) {
				pages[i] = p
			}
		}()
	}
	wg.Wait()
	var out []*Page
	seen := map[string]bool{}
	for _, p := range pages {
		if p != nil && !seen[key(p.URL)] {
			seen[key(p.URL)] = true
			out = append(out, p)
		}
	}
	return out
}

// accept is the Accept header of page requests.
var accept = map[string]string{"Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"}

// page fetches and parses one HTML page, following redirects.
func (c *Crawler) page(ctx context.Context, raw string) (*Page, error) {
	resp, err := c.Fetcher.Do(ctx, egress.Request{URL: raw, Header: accept, FollowRedirects: true, Timeout: c.pageTimeout(), MaxBody: c.MaxPageBytes})
	if err != nil {
		return nil, fetchFailure(raw, err)
	}
	return c.read(raw, resp)
}

// errLeft is why within leaves a page out: one of its redirects leads off
// the site's hosts, to a path robots.txt disallows, or goes on too long.
var errLeft = fail(CodeRefused, "The page redirects where the scan does not read.")

// within fetches and parses a page other than the home page, following
// its redirects one hop at a time, each checked as a link is (on the
// site's hosts, allowed by robots.txt) before it is requested, so a page
// that leads elsewhere is left out unread. count is called per request.
func (c *Crawler) within(ctx context.Context, u *url.URL, hosts map[string]bool, r rules, count func()) (*Page, error) {
	for hop := 0; hop <= egress.DefaultMaxRedirects; hop++ {
		if !hosts[strings.ToLower(u.Host)] || !r.allows(u) {
			return nil, errLeft
		}
		count()
		resp, err := c.Fetcher.Do(ctx, egress.Request{URL: u.String(), Header: accept, Timeout: c.pageTimeout(), MaxBody: c.MaxPageBytes})
		if err != nil {
			return nil, fetchFailure(u.String(), err)
		}
		switch resp.StatusCode {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
			next, err := resp.URL.Parse(resp.Header.Get("Location"))
			if err != nil {
				return nil, errLeft
			}
			next.Fragment, next.RawFragment = "", ""
			u = next
			continue
		}
		return c.read(u.String(), resp)
	}
	return nil, errLeft
}

// read parses resp, the answer to raw, as an HTML page.
func (c *Crawler) read(raw string, resp *egress.Response) (*Page, error) {
	final := resp.URL.String()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, statusFailure(raw, final, resp.StatusCode)
	}
	ct := resp.Header.Get("Content-Type")
	if !isHTML(ct, resp.Body) {
		shown := ct
		if mt, _, err := mime.ParseMediaType(ct); err == nil {
			shown = mt
		}
		if shown == "" {
			shown = "content without a type"
		}
		return nil, fail(CodeNotHTML, "The site %s answered with %s, not an HTML page.", raw, shown)
	}
	p, err := Parse(resp.Body, ct, resp.URL)
	if err != nil {
		return nil, fail(CodeNotHTML, "The site %s answered with a page that could not be read as HTML.", raw)
	}
	return p, nil
}

// isHTML reports whether a response is an HTML page: by its Content-Type,
// or by sniffing when it has none.
func isHTML(contentType string, body []byte) bool {
	if contentType == "" {
		return strings.HasPrefix(http.DetectContentType(body), "text/html")
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

func (c *Crawler) agent() string {
	if c.Agent != "" {
		return c.Agent
	}
	return DefaultAgent
}

func (c *Crawler) maxPages() int {
	if c.MaxPages > 0 {
		return c.MaxPages
	}
	return DefaultMaxPages
}

func (c *Crawler) pageTimeout() time.Duration {
	if c.PageTimeout > 0 {
		return c.PageTimeout
	}
	return DefaultPageTimeout
}

func (c *Crawler) parallel() int {
	if c.Parallel > 0 {
		return c.Parallel
	}
	return DefaultParallel
}
