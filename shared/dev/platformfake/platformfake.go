// Package platformfake is a stand-in for the two push platforms' sites,
// speaking the protocols documented in package integrations. Tests serve
// it over TLS (httptest.NewTLSServer) and point a host name at it with the
// dev stack's host overrides; it keeps what was pushed so tests can read it.
package platformfake

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/feature/integrations"
)

// Post is a post as the fake holds it, whichever platform made it.
type Post struct {
	Platform string   `json:"platform"`
	ID       string   `json:"id"`
	URL      string   `json:"url"`
	Title    string   `json:"title"`
	Slug     string   `json:"slug"`
	Excerpt  string   `json:"excerpt"`
	HTML     string   `json:"html"`
	Markdown string   `json:"markdown"`
	Tags     []string `json:"tags"`
	Status   string   `json:"status"`
	Category *string  `json:"category"`
	Author   *string  `json:"author"`
	// Writes counts the creates and updates that reached the post.
	Writes int `json:"writes"`
}

// Server is a fake platform site. Its zero value is not usable: use New.
type Server struct {
	mu         sync.Mutex
	token      string
	name       string
	categories []pushapi.Option
	authors    []pushapi.Option
	posts      map[string]*Post
	order      []string
	idem       map[string]string
	failWrites int
	seq        int
}

// New returns a fake site called name that accepts token on both APIs,
// with two categories and one author.
func New(name, token string) *Server {
	return &Server{
		token: token, name: name, posts: map[string]*Post{}, idem: map[string]string{},
		categories: []pushapi.Option{{ID: "news", Name: "News"}, {ID: "guides", Name: "Guides"}},
		authors:    []pushapi.Option{{ID: "editor", Name: "The Editor"}},
	}
}

// FailWrites makes every later create and update answer status (0 turns
// it off).
func (s *Server) FailWrites(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failWrites = status
}

// SetSite changes the site's name, categories and authors as the test
// call reports them.
func (s *Server) SetSite(name string, categories, authors []pushapi.Option) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.name, s.categories, s.authors = name, categories, authors
}

// SetToken changes the accepted token (the old one is refused).
func (s *Server) SetToken(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = token
}

// Remove deletes post id, as if someone deleted it on the platform.
func (s *Server) Remove(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.posts, id)
}

// Posts returns the posts in creation order.
func (s *Server) Posts() []Post {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Post
	for _, id := range s.order {
		if p, ok := s.posts[id]; ok {
			out = append(out, *p)
		}
	}
	return out
}

// ServeHTTP answers both platforms' APIs under any path prefix.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for _, api := range []struct{ root, platform, scheme string }{
		{pushapi.Platform1Root, integrations.Platform1, "Bearer "},
		{pushapi.Platform2Root, integrations.Platform2, "Token "},
	} {
		i := strings.Index(r.URL.Path, api.root+"/")
		if i < 0 {
			continue
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if r.Header.Get("Authorization") != api.scheme+s.token {
			reply(w, http.StatusUnauthorized, map[string]any{"error": "invalid token"})
			return
		}
		s.route(w, r, api.platform, strings.TrimPrefix(r.URL.Path[i:], api.root))
		return
	}
	reply(w, http.StatusNotFound, map[string]any{"error": "no such API"})
}

func (s *Server) route(w http.ResponseWriter, r *http.Request, platform, path string) {
	switch {
	case r.Method == http.MethodGet && path == "/site":
		info := map[string]any{"categories": s.categories, "authors": s.authors}
		if platform == integrations.Platform1 {
			info["name"] = s.name
			reply(w, http.StatusOK, info)
			return
		}
		info["title"] = s.name
		reply(w, http.StatusOK, map[string]any{"site": info})
	case r.Method == http.MethodPost && path == "/posts":
		s.write(w, r, platform, "")
	case r.Method == http.MethodPut && strings.HasPrefix(path, "/posts/"):
		s.write(w, r, platform, strings.TrimPrefix(path, "/posts/"))
	default:
		reply(w, http.StatusNotFound, map[string]any{"error": "no such endpoint"})
	}
}

// write creates (id "") or updates a post.
func (s *Server) write(w http.ResponseWriter, r *http.Request, platform, id string) {
	if s.failWrites != 0 {
		reply(w, s.failWrites, map[string]any{"message": "The site is read-only right now."})
		return
	}
	p, ok := decode(r, platform)
	if !ok || p.Title == "" {
		reply(w, http.StatusBadRequest, map[string]any{"message": "title is required"})
		return
	}
	status := http.StatusOK
	if id == "" {
		key := platform + "|" + r.Header.Get("Idempotency-Key")
		if prev, seen := s.idem[key]; seen && r.Header.Get("Idempotency-Key") != "" {
			s.answer(w, platform, http.StatusCreated, s.posts[prev])
			return
		}
		s.seq++
		id = platform[len(platform)-1:] + "-" + strconv.Itoa(s.seq)
		s.idem[key] = id
		s.order = append(s.order, id)
		s.posts[id] = &Post{}
		status = http.StatusCreated
	}
	cur, exists := s.posts[id]
	if !exists {
		reply(w, http.StatusNotFound, map[string]any{"message": "no such post"})
		return
	}
	p.Platform, p.ID, p.Writes = platform, id, cur.Writes+1
	p.URL = "https://" + r.Host + "/blog/" + p.Slug
	*cur = p
	s.answer(w, platform, status, cur)
}

func (s *Server) answer(w http.ResponseWriter, platform string, status int, p *Post) {
	remote := map[string]any{"id": p.ID, "url": p.URL}
	if platform == integrations.Platform2 {
		reply(w, status, map[string]any{"post": remote})
		return
	}
	reply(w, status, remote)
}

// decode reads a post body of either platform.
func decode(r *http.Request, platform string) (Post, bool) {
	if platform == integrations.Platform1 {
		var b struct {
			Title, Slug, Excerpt, Status string
			ContentHTML                  string `json:"content_html"`
			ContentMarkdown              string `json:"content_markdown"`
			Tags                         []string
			Category, Author             *string
		}
		if json.NewDecoder(r.Body).Decode(&b) != nil {
			return Post{}, false
		}
		return Post{Title: b.Title, Slug: b.Slug, Excerpt: b.Excerpt, HTML: b.ContentHTML, Markdown: b.ContentMarkdown,
			Tags: b.Tags, Status: b.Status, Category: b.Category, Author: b.Author}, true
	}
	var b struct {
		Post struct {
			Title, Slug, HTML, Markdown, Status string
			CustomExcerpt                       string  `json:"custom_excerpt"`
			PrimaryCategory                     *string `json:"primary_category"`
			Author                              *string
			Tags                                []struct{ Name string }
		}
	}
	if json.NewDecoder(r.Body).Decode(&b) != nil {
		return Post{}, false
	}
	tags := []string{}
	for _, t := range b.Post.Tags {
		tags = append(tags, t.Name)
	}
	return Post{Title: b.Post.Title, Slug: b.Post.Slug, Excerpt: b.Post.CustomExcerpt, HTML: b.Post.HTML, Markdown: b.Post.Markdown,
		Tags: tags, Status: b.Post.Status, Category: b.Post.PrimaryCategory, Author: b.Post.Author}, true
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
