package pushapi

import (
	"context"
	"net/http"
	"net/url"

	"rvcontent/shared/platform/egress"
)

// Platform1Root is push_platform_1's API root under the site's address.
//
// push_platform_1 protocol (JSON over HTTPS, "Authorization: Bearer
// <token>"):
//
//	GET  <site>/push-api/v1/site         -> 200 {"name", "categories": [{"id","name"}], "authors": [{"id","name"}]}
//	POST <site>/push-api/v1/posts        {title, slug, excerpt, content_html, content_markdown, tags, status, category, author}
//	                                     -> 201 {"id", "url"}; an Idempotency-Key header returns the first post again
//	PUT  <site>/push-api/v1/posts/{id}   same body -> 200 {"id", "url"}; 404 when the post is gone
//
// status is "draft" or "publish"; category and author are ids or null.
const Platform1Root = "/push-api/v1"

// Platform1 speaks push_platform_1's API.
type Platform1 struct{ c client }

// NewPlatform1 returns push_platform_1's adapter over e.
func NewPlatform1(e *egress.Client) Platform1 {
	return Platform1{client{egress: e, name: "push_platform_1", auth: func(h http.Header, t string) { h.Set("Authorization", "Bearer "+t) }}}
}

type p1Post struct {
	Title           string   `json:"title"`
	Slug            string   `json:"slug"`
	Excerpt         string   `json:"excerpt"`
	ContentHTML     string   `json:"content_html"`
	ContentMarkdown string   `json:"content_markdown"`
	Tags            []string `json:"tags"`
	Status          string   `json:"status"`
	Category        *string  `json:"category"`
	Author          *string  `json:"author"`
}

type p1Remote struct {
	ID  postID `json:"id"`
	URL string `json:"url"`
}

func p1Body(p Post) p1Post {
	return p1Post{Title: p.Title, Slug: p.Slug, Excerpt: p.Excerpt, ContentHTML: p.HTML, ContentMarkdown: p.Markdown,
		Tags: p.Tags, Status: p.Status, Category: p.Category, Author: p.Author}
}

// Check reads the connected site's name, categories and authors.
func (p Platform1) Check(ctx context.Context, c Conn) (SiteInfo, error) {
	var out struct {
		Name       string   `json:"name"`
		Categories []Option `json:"categories"`
		Authors    []Option `json:"authors"`
	}
	err := p.c.call(ctx, c, http.MethodGet, apiBase(c.SiteURL, Platform1Root)+"/site", nil, &out, nil)
	return SiteInfo{Name: out.Name, Categories: out.Categories, Authors: out.Authors}, err
}

// Create creates post on the site; idemKey makes a retried create one post.
func (p Platform1) Create(ctx context.Context, c Conn, post Post, idemKey string) (Remote, error) {
	var out p1Remote
	err := p.c.call(ctx, c, http.MethodPost, apiBase(c.SiteURL, Platform1Root)+"/posts", p1Body(post), &out, http.Header{"Idempotency-Key": {idemKey}})
	return Remote{ID: string(out.ID), URL: out.URL}, err
}

// Update replaces the site's post id with post.
func (p Platform1) Update(ctx context.Context, c Conn, id string, post Post) (Remote, error) {
	var out p1Remote
	err := p.c.call(ctx, c, http.MethodPut, apiBase(c.SiteURL, Platform1Root)+"/posts/"+url.PathEscape(id), p1Body(post), &out, nil)
	return Remote{ID: string(out.ID), URL: out.URL}, err
}
