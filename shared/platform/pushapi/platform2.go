package pushapi

import (
	"context"
	"net/http"
	"net/url"

	"rvcontent/shared/platform/egress"
)

// Platform2Root is push_platform_2's API root under the site's address.
//
// push_platform_2 protocol (JSON over HTTPS, "Authorization: Token
// <token>", every object wrapped in its name):
//
//	GET  <site>/content-api/v2/site        -> 200 {"site": {"title", "categories": [{"id","name"}], "authors": [{"id","name"}]}}
//	POST <site>/content-api/v2/posts       {"post": {title, slug, custom_excerpt, html, markdown, tags: [{"name"}], status, primary_category, author}}
//	                                       -> 201 {"post": {"id", "url"}}; an Idempotency-Key header returns the first post again
//	PUT  <site>/content-api/v2/posts/{id}  same body -> 200 {"post": {"id", "url"}}; 404 when the post is gone
//
// status is "draft" or "published".
const Platform2Root = "/content-api/v2"

// Platform2 speaks push_platform_2's API.
type Platform2 struct{ c client }

// NewPlatform2 returns push_platform_2's adapter over e.
func NewPlatform2(e *egress.Client) Platform2 {
	return Platform2{client{egress: e, name: "push_platform_2", auth: func(h http.Header, t string) { h.Set("Authorization", "Token "+t) }}}
}

type p2Tag struct {
	Name string `json:"name"`
}

type p2Post struct {
	Title           string  `json:"title"`
	Slug            string  `json:"slug"`
	CustomExcerpt   string  `json:"custom_excerpt"`
	HTML            string  `json:"html"`
	Markdown        string  `json:"markdown"`
	Tags            []p2Tag `json:"tags"`
	Status          string  `json:"status"`
	PrimaryCategory *string `json:"primary_category"`
	Author          *string `json:"author"`
}

type p2Envelope struct {
	Post p2Remote `json:"post"`
}

type p2Remote struct {
	ID  postID `json:"id"`
	URL string `json:"url"`
}

func p2Body(p Post) map[string]p2Post {
	status := "draft"
	if p.Status == StatusPublish {
		status = "published"
	}
	tags := make([]p2Tag, len(p.Tags))
	for i, t := range p.Tags {
		tags[i] = p2Tag{Name: t}
	}
	return map[string]p2Post{"post": {Title: p.Title, Slug: p.Slug, CustomExcerpt: p.Excerpt, HTML: p.HTML, Markdown: p.Markdown,
		Tags: tags, Status: status, PrimaryCategory: p.Category, Author: p.Author}}
}

// Check reads the connected site's name, categories and authors.
func (p Platform2) Check(ctx context.Context, c Conn) (SiteInfo, error) {
	var out struct {
		Site struct {
			Title      string   `json:"title"`
			Categories []Option `json:"categories"`
			Authors    []Option `json:"authors"`
		} `json:"site"`
	}
	err := p.c.call(ctx, c, http.MethodGet, apiBase(c.SiteURL, Platform2Root)+"/site", nil, &out, nil)
	return SiteInfo{Name: out.Site.Title, Categories: out.Site.Categories, Authors: out.Site.Authors}, err
}

// Create creates post on the site; idemKey makes a retried create one post.
func (p Platform2) Create(ctx context.Context, c Conn, post Post, idemKey string) (Remote, error) {
	var out p2Envelope
	err := p.c.call(ctx, c, http.MethodPost, apiBase(c.SiteURL, Platform2Root)+"/posts", p2Body(post), &out, http.Header{"Idempotency-Key": {idemKey}})
	return Remote{ID: string(out.Post.ID), URL: out.Post.URL}, err
}

// Update replaces the site's post id with post.
func (p Platform2) Update(ctx context.Context, c Conn, id string, post Post) (Remote, error) {
	var out p2Envelope
	err := p.c.call(ctx, c, http.MethodPut, apiBase(c.SiteURL, Platform2Root)+"/posts/"+url.PathEscape(id), p2Body(post), &out, nil)
	return Remote{ID: string(out.Post.ID), URL: out.Post.URL}, err
}
