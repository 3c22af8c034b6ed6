// Package pushapi speaks the push APIs of the two publishing platforms
// (push_platform_1 and push_platform_2) through the egress client: the
// test call that connects a site, creating and updating posts.
package pushapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/egress"
)

// How a pushed post arrives on the platform (Post.Status).
const (
	StatusDraft   = "draft"
	StatusPublish = "publish"
)

// Option is a category or author of the platform's site.
type Option struct {
	ID   string `json:"id" dynamodbav:"id"`
	Name string `json:"name" dynamodbav:"name"`
}

// UnmarshalJSON reads an option as a platform answers it: its id a JSON
// string or a number (platforms that number their categories and
// authors), kept as its decimal text.
func (o *Option) UnmarshalJSON(b []byte) error {
	var w struct {
		ID   postID `json:"id"`
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*o = Option{ID: string(w.ID), Name: w.Name}
	return nil
}

// Conn is where and how to reach a connected platform site.
type Conn struct {
	SiteURL string // https address of the platform site
	Token   string // the site's API token
}

// Post is what a push sends: the article's publishable fields and the
// integration's settings.
type Post struct {
	Title    string   `json:"title"`
	Slug     string   `json:"slug"`
	Excerpt  string   `json:"excerpt"`
	HTML     string   `json:"html"`
	Markdown string   `json:"markdown"`
	Tags     []string `json:"tags"`
	Status   string   `json:"status"` // StatusDraft or StatusPublish
	Category *string  `json:"category"`
	Author   *string  `json:"author"`
}

// Remote is a post on the platform.
type Remote struct {
	ID  string
	URL string
}

// SiteInfo is what the test call learns about the platform site.
type SiteInfo struct {
	Name       string
	Categories []Option
	Authors    []Option
}

// platform is what each platform's adapter offers; the integrations feature
// declares the same interface for its use.
type platform interface {
	// Check makes the test call: it returns the site's name, categories
	// and authors, or a *PushError.
	Check(ctx context.Context, c Conn) (SiteInfo, error)
	// Create adds p and returns the remote post. idemKey makes a retried
	// create return the first post instead of a second one.
	Create(ctx context.Context, c Conn, p Post, idemKey string) (Remote, error)
	// Update replaces remote post id with p. A post gone from the
	// platform is a *PushError with Gone set.
	Update(ctx context.Context, c Conn, id string, p Post) (Remote, error)
}

// PushError is a platform call that failed, in words for the owner.
type PushError struct {
	// Message completes nothing: it is a whole sentence.
	Message string
	// Connection is true when no article can get through (unreachable,
	// token refused), so a sync stops at the first one.
	Connection bool
	// Gone is true when the updated post no longer exists.
	Gone bool
	// Token is true when the site refused the API token (HTTP 401 or
	// 403): the token, not the address, is what to change.
	Token bool
}

// Error returns the sentence that says what went wrong.
func (e *PushError) Error() string { return e.Message }

// client makes a platform's JSON-over-HTTPS calls through the egress
// client: no redirects, the platform's answer read up to 1 MB.
type client struct {
	egress *egress.Client
	name   string // the platform's name in sentences
	auth   func(h http.Header, token string)
}

// call sends method to url with body (JSON) and decodes a 2xx answer into
// out. Failures are *PushError.
func (c client) call(ctx context.Context, conn Conn, method, url string, body, out any, header http.Header) error {
	h := http.Header{"Accept": {"application/json"}}
	for k, v := range header {
		h[k] = v
	}
	c.auth(h, conn.Token)
	var raw []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		raw = b
		h.Set("Content-Type", "application/json")
	}
	flat := make(map[string]string, len(h))
	for k := range h {
		flat[k] = h.Get(k)
	}
	resp, err := c.egress.Do(ctx, egress.Request{Method: method, URL: url, Header: flat, Body: raw, MaxBody: 1 << 20})
	if err != nil {
		var ee *egress.Error
		msg := "The " + c.name + " site could not be reached."
		if errors.As(err, &ee) {
			msg = "The " + c.name + " site could not be reached: " + ee.Error() + "."
		}
		return &PushError{Message: msg, Connection: true}
	}
	switch s := resp.StatusCode; {
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return &PushError{Message: fmt.Sprintf("The %s site refused the API token (HTTP %d). Reconnect the integration with a valid token.", c.name, s), Connection: true, Token: true}
	case s == http.StatusTooManyRequests:
		// The site asks for no more requests for a while: every next push
		// would meet the same answer, so a sync stops here.
		return &PushError{Message: fmt.Sprintf("The %s site is limiting requests (HTTP 429%s)%s.", c.name, detail(resp.Body), retryAfter(resp.Header.Get("Retry-After"))), Connection: true}
	case s == http.StatusNotFound && method == http.MethodPut:
		return &PushError{Message: fmt.Sprintf("The %s site no longer has the post.", c.name), Gone: true}
	case s >= 300 && s < 400:
		return &PushError{Message: fmt.Sprintf("The %s site answered with a redirect (HTTP %d); connect it with its final https address.", c.name, s), Connection: true}
	case s < 200 || s >= 300:
		return &PushError{Message: fmt.Sprintf("The %s site answered HTTP %d%s.", c.name, s, detail(resp.Body))}
	}
	if out != nil {
		if err := json.Unmarshal(resp.Body, out); err != nil {
			return &PushError{Message: fmt.Sprintf("The %s site's answer was not the JSON its API returns.", c.name)}
		}
	}
	return nil
}

// detail quotes a short error message from a platform's JSON error body,
// as one plain line (control characters, line breaks and bidirectional
// overrides removed).
func detail(body []byte) string {
	var v struct {
		Error   any    `json:"error"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &v) != nil {
		return ""
	}
	msg := v.Message
	if s, ok := v.Error.(string); ok && msg == "" {
		msg = s
	}
	msg = input.Plain(msg) // the platform's text becomes last_error, events and activity: one plain line
	if msg == "" || len(msg) > 200 {
		return ""
	}
	return ": " + strings.TrimSuffix(msg, ".")
}

// postID is an id as a platform answers it (a post's, an option's): a
// JSON string, or a number (platforms that number them), kept as its
// decimal text.
type postID string

// UnmarshalJSON reads a string or a number.
func (id *postID) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*id = postID(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*id = postID(s)
	return nil
}

// retryAfter words a Retry-After header's wait in seconds ("" when it
// holds none, or a date).
func retryAfter(v string) string {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 {
		return ""
	}
	return fmt.Sprintf("; try again in %d seconds", n)
}

// apiBase joins a site address and an API root.
func apiBase(siteURL, root string) string { return strings.TrimRight(siteURL, "/") + root }

var (
	_ platform = Platform1{}
	_ platform = Platform2{}
)
