// Package forumapi reads the forum through its public JSON API (the
// `.json` views of search, threads, comments and subforum rules, in the
// listing shape the platform publishes) with the service's egress client.
// It is the forum feature's Platform; it never posts and holds no login.
package forumapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/egress"
)

// DefaultBase is the forum's public API address.
const DefaultBase = "https://www.reddit.com"

// RulesFor is how long a subforum's rules are kept once read; rulesRetry
// how long rules that could not be read count as unknown.
const (
	RulesFor   = 6 * time.Hour
	rulesRetry = 10 * time.Minute
)

// Fetcher sends outbound requests; *egress.Client implements it.
type Fetcher interface {
	Do(ctx context.Context, req egress.Request) (*egress.Response, error)
}

// Client reads the forum.
type Client struct {
	fetch Fetcher
	base  string
	links Permalinks
	clock clock.Clock

	mu    sync.Mutex
	rules map[string]rulesEntry
}

type rulesEntry struct {
	known, promoBanned bool
	until              time.Time
}

// New returns a client of the API at base (DefaultBase when empty); the
// forum's public host is base's host, and the same domain with or without
// "www." or "old." is accepted in permalinks.
func New(f Fetcher, base string, c clock.Clock) *Client {
	if base == "" {
		base = DefaultBase
	}
	base = strings.TrimRight(base, "/")
	host := base
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		host = u.Hostname()
	}
	bare := strings.TrimPrefix(strings.TrimPrefix(host, "www."), "old.")
	return &Client{
		fetch: f, base: base, clock: c, rules: map[string]rulesEntry{},
		links: Permalinks{Host: host, Aliases: []string{bare, "www." + bare, "old." + bare}},
	}
}

// errNotFound is an API answer of 404.
var errNotFound = errors.New("forumapi: not found")

// get reads path (with query) from the API into v.
func (c *Client) get(ctx context.Context, path string, v any) error {
	resp, err := c.fetch.Do(ctx, egress.Request{
		URL:    c.base + path,
		Header: map[string]string{"Accept": "application/json"},
	})
	if err != nil {
		return err
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return errNotFound
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("forumapi: %s answered HTTP %d", path, resp.StatusCode)
	}
	if err := json.Unmarshal(resp.Body, v); err != nil {
		return fmt.Errorf("forumapi: %s: the answer is not the expected JSON: %w", path, err)
	}
	return nil
}

// listing is the API's list envelope.
type listing struct {
	Data struct {
		Children []struct {
			Kind string          `json:"kind"`
			Data json.RawMessage `json:"data"`
		} `json:"children"`
	} `json:"data"`
}

// link is a thread (kind t3).
type link struct {
	ID                string  `json:"id"`
	Subreddit         string  `json:"subreddit"`
	Permalink         string  `json:"permalink"`
	Title             string  `json:"title"`
	Selftext          string  `json:"selftext"`
	Score             int     `json:"score"`
	NumComments       int     `json:"num_comments"`
	CreatedUTC        float64 `json:"created_utc"`
	Locked            bool    `json:"locked"`
	Archived          bool    `json:"archived"`
	RemovedByCategory *string `json:"removed_by_category"`
}

// comment is a comment (kind t1). While a subforum hides new comments'
// scores, score_hidden is true and score is a placeholder, not the score.
type comment struct {
	ID                string  `json:"id"`
	Body              string  `json:"body"`
	Score             int     `json:"score"`
	ScoreHidden       bool    `json:"score_hidden"`
	RemovedByCategory *string `json:"removed_by_category"`
	Removed           bool    `json:"removed"`
}

func (c comment) removed() bool {
	return c.Removed || c.RemovedByCategory != nil || c.Body == "[removed]" || c.Body == "[deleted]"
}

func (c *Client) post(l link) Post {
	return Post{
		ForumID: l.ID, Subforum: l.Subreddit, Permalink: "https://" + c.links.Host + l.Permalink, Title: l.Title, Body: l.Selftext,
		UpVotes: l.Score, NumComments: l.NumComments, PostedAt: time.Unix(int64(l.CreatedUTC), 0).UTC(),
		IsLocked: l.Locked, Archived: l.Archived, Removed: l.RemovedByCategory != nil || l.Selftext == "[removed]",
	}
}

// Search runs the API's search, newest first, and adds each subforum's
// rules.
func (c *Client) Search(ctx context.Context, query string, limit int) ([]Post, error) {
	q := url.Values{"q": {query}, "sort": {"new"}, "t": {"month"}, "type": {"link"}, "limit": {fmt.Sprint(limit)}, "raw_json": {"1"}}
	var l listing
	if err := c.get(ctx, "/search.json?"+q.Encode(), &l); err != nil {
		return nil, err
	}
	var out []Post
	for _, ch := range l.Data.Children {
		var lk link
		if ch.Kind != "t3" || json.Unmarshal(ch.Data, &lk) != nil || lk.ID == "" {
			continue
		}
		p := c.post(lk)
		p.RulesKnown, p.PromoBanned = c.subforumRules(ctx, p.Subforum)
		out = append(out, p)
	}
	return out, nil
}

// Thread reads one thread with its top five comments.
func (c *Client) Thread(ctx context.Context, forumID string) (Post, error) {
	var pages []listing
	err := c.get(ctx, "/comments/"+url.PathEscape(forumID)+".json?sort=top&limit=5&depth=1&raw_json=1", &pages)
	if errors.Is(err, errNotFound) {
		return Post{}, ErrNoThread
	}
	if err != nil {
		return Post{}, err
	}
	if len(pages) == 0 || len(pages[0].Data.Children) == 0 {
		return Post{}, ErrNoThread
	}
	var lk link
	if err := json.Unmarshal(pages[0].Data.Children[0].Data, &lk); err != nil {
		return Post{}, fmt.Errorf("forumapi: thread %s: %w", forumID, err)
	}
	p := c.post(lk)
	p.Detailed, p.Comments = true, []Comment{}
	if len(pages) > 1 {
		for _, ch := range pages[1].Data.Children {
			var cm comment
			if ch.Kind == "t1" && json.Unmarshal(ch.Data, &cm) == nil && !cm.removed() && len(p.Comments) < 5 {
				p.Comments = append(p.Comments, Comment{Body: cm.Body, Score: cm.Score})
			}
		}
	}
	p.RulesKnown, p.PromoBanned = c.subforumRules(ctx, p.Subforum)
	return p, nil
}

// Comment reads the comment a permalink points to.
func (c *Client) Comment(ctx context.Context, permalink string) (CommentCheck, error) {
	ref, problem := c.links.ParseComment(permalink)
	if problem != "" {
		return CommentCheck{State: CommentMissing}, nil
	}
	var pages []listing
	err := c.get(ctx, "/comments/"+url.PathEscape(ref.ForumID)+"/_/"+url.PathEscape(ref.CommentID)+".json?limit=1&depth=1&raw_json=1", &pages)
	if errors.Is(err, errNotFound) {
		return CommentCheck{State: CommentMissing}, nil
	}
	if err != nil {
		return CommentCheck{}, err
	}
	if len(pages) > 1 {
		for _, ch := range pages[1].Data.Children {
			var cm comment
			if ch.Kind == "t1" && json.Unmarshal(ch.Data, &cm) == nil && cm.ID == ref.CommentID {
				if cm.removed() {
					return CommentCheck{State: CommentRemoved}, nil
				}
				if cm.ScoreHidden {
					return CommentCheck{State: CommentLive}, nil
				}
				return CommentCheck{State: CommentLive, Score: cm.Score, ScoreKnown: true}, nil
			}
		}
	}
	return CommentCheck{State: CommentMissing}, nil
}

// CommentLink checks a comment permalink's host and shape.
func (c *Client) CommentLink(permalink string) (CommentRef, string) {
	return c.links.ParseComment(permalink)
}

// promoBan finds a rule that forbids self-promotion.
var promoBan = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:no|don't|do not|never|zero)\b[^.!?\n]{0,40}\b(?:self[- ]?promo\w*|promot\w*|advertis\w*|spam\w*|marketing)\b|\bself[- ]?promo\w*[^.!?\n]{0,30}\b(?:not allowed|prohibited|banned|forbidden|removed)\b`)
})

// subforumRules returns whether the subforum's rules could be read and
// whether they forbid self-promotion, from a cache kept RulesFor.
func (c *Client) subforumRules(ctx context.Context, subforum string) (known, banned bool) {
	key := strings.ToLower(subforum)
	now := c.clock.Now()
	c.mu.Lock()
	e, ok := c.rules[key]
	c.mu.Unlock()
	if ok && now.Before(e.until) {
		return e.known, e.promoBanned
	}
	var body struct {
		Rules []struct {
			ShortName   string `json:"short_name"`
			Description string `json:"description"`
		} `json:"rules"`
	}
	e = rulesEntry{until: now.Add(rulesRetry)}
	if err := c.get(ctx, "/r/"+url.PathEscape(subforum)+"/about/rules.json?raw_json=1", &body); err == nil {
		e.known, e.until = true, now.Add(RulesFor)
		for _, r := range body.Rules {
			if promoBan().MatchString(r.ShortName) || promoBan().MatchString(r.Description) {
				e.promoBanned = true
			}
		}
	}
	c.mu.Lock()
	c.rules[key] = e
	c.mu.Unlock()
	return e.known, e.promoBanned
}
