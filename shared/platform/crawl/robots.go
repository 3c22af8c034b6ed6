package crawl

import (
	"bytes"
	"context"
	"net/url"

	"github.com/temoto/robotstxt"

	"rvcontent/shared/platform/egress"
)

// maxRobots is the most of a robots.txt file read (RFC 9309 asks for at
// least 500 KiB).
const maxRobots = 512 << 10

// rules says which paths of one origin the crawler may read.
type rules struct {
	group *robotstxt.Group // nil: no rules
	// homeOnly is set when robots.txt could not be read for a reason other
	// than its absence (server error, timeout, unparsable): RFC 9309 then
	// asks for no crawling, so only the address the owner gave is read.
	homeOnly bool
}

// allows reports whether the path and query of u may be read.
func (r rules) allows(u *url.URL) bool {
	if r.group == nil {
		return true
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return r.group.Test(p)
}

// robots reads the robots.txt of origin's scheme and host.
func (c *Crawler) robots(ctx context.Context, origin *url.URL, count func()) rules {
	u := url.URL{Scheme: origin.Scheme, Host: origin.Host, Path: "/robots.txt"}
	count()
	// A longer file is read up to maxRobots (RFC 9309 2.5), not refused:
	// refusing it would read the home page its first rules may disallow.
	resp, err := c.Fetcher.Do(ctx, egress.Request{URL: u.String(), FollowRedirects: true, Timeout: c.pageTimeout(), MaxBody: maxRobots, Truncate: true})
	switch {
	case err != nil, resp.StatusCode >= 500, resp.StatusCode == 429:
		return rules{homeOnly: true}
	case resp.StatusCode >= 400:
		return rules{} // no robots.txt: no rules
	case resp.StatusCode >= 300:
		return rules{homeOnly: true} // a redirect loop or one too many
	}
	body := resp.Body
	if resp.Truncated {
		if len(body) < maxRobots {
			return rules{homeOnly: true} // the body stopped arriving: not read
		}
		if i := bytes.LastIndexByte(body, '\n'); i >= 0 {
			body = body[:i+1] // the cut line is no rule
		}
	}
	data, err := robotstxt.FromBytes(body)
	if err != nil {
		return rules{homeOnly: true}
	}
	return rules{group: data.FindGroup(c.agent())}
}
