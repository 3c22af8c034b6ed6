package forumapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/egress"
)

// hosts sends every request for the forum's host to the fake server.
type hosts string

func (h hosts) Address(host string) (string, bool) { return string(h), host == "www.reddit.com" }
func (hosts) TXT(string) ([]string, bool)          { return nil, false }

const post = `{"kind":"t3","data":{"id":"abc123","subreddit":"freelance","permalink":"/r/freelance/comments/abc123/late_clients/",
 "title":"Late clients?","selftext":"They never pay.","score":12,"num_comments":3,"created_utc":1767225600,"locked":false,"archived":false,"removed_by_category":null}}`

// fakeForum answers the API's paths with canned JSON.
func fakeForum(t *testing.T, rulesCalls *atomic.Int32) *httptest.Server {
	t.Helper()
	answers := map[string]string{
		"/search.json": `{"kind":"Listing","data":{"children":[` + post + `,
			{"kind":"t3","data":{"id":"def456","subreddit":"nopromo","permalink":"/r/nopromo/comments/def456/x/","title":"Gone","selftext":"[removed]","score":1,"num_comments":0,"created_utc":1767225600,"locked":true,"archived":true,"removed_by_category":"moderator"}}]}}`,
		"/r/freelance/about/rules.json": `{"rules":[{"short_name":"Be kind","description":"No insults."}]}`,
		"/r/nopromo/about/rules.json":   `{"rules":[{"short_name":"No self-promotion","description":"Posts about your own product are removed."}]}`,
		"/comments/abc123.json": `[{"kind":"Listing","data":{"children":[` + post + `]}},{"kind":"Listing","data":{"children":[
			{"kind":"t1","data":{"id":"c1","body":"Use reminders.","score":9}},{"kind":"t1","data":{"id":"c2","body":"[removed]","score":1}},{"kind":"more","data":{}}]}}]`,
		"/comments/abc123/_/c1.json": `[{"kind":"Listing","data":{"children":[` + post + `]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c1","body":"Use reminders.","score":9}}]}}]`,
		"/comments/abc123/_/c4.json": `[{"kind":"Listing","data":{"children":[` + post + `]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c4","body":"Fresh reply.","score":1,"score_hidden":true}}]}}]`,
		"/comments/abc123/_/c2.json": `[{"kind":"Listing","data":{"children":[` + post + `]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c2","body":"[removed]","score":1}}]}}]`,
	}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/about/rules.json") {
			rulesCalls.Add(1)
		}
		if r.URL.Path == "/search.json" && (r.URL.Query().Get("q") != "late clients" || r.URL.Query().Get("sort") != "new") {
			http.Error(w, "bad query", http.StatusBadRequest)
			return
		}
		body, ok := answers[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func newClient(t *testing.T, calls *atomic.Int32) *Client {
	srv := fakeForum(t, calls)
	web := egress.New(egress.Options{Overrides: hosts(strings.TrimPrefix(srv.URL, "https://"))})
	return New(web, "", &clock.Fixed{T: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)})
}

func TestSearchReadsThreadsAndRules(t *testing.T) {
	var calls atomic.Int32
	c := newClient(t, &calls)
	posts, err := c.Search(context.Background(), "late clients", 25)
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) != 2 {
		t.Fatalf("%d posts", len(posts))
	}
	p := posts[0]
	if p.ForumID != "abc123" || p.Permalink != "https://www.reddit.com/r/freelance/comments/abc123/late_clients/" || p.UpVotes != 12 ||
		p.NumComments != 3 || !p.PostedAt.Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) || p.Removed || !p.RulesKnown || p.PromoBanned {
		t.Errorf("first post %+v", p)
	}
	q := posts[1]
	if !q.Removed || !q.IsLocked || !q.Archived || !q.RulesKnown || !q.PromoBanned {
		t.Errorf("removed post in a no-promotion subforum %+v", q)
	}
	if _, err := c.Search(context.Background(), "late clients", 25); err != nil || calls.Load() != 2 {
		t.Errorf("rules read %d times for two subforums over two searches (%v), want 2: they are cached", calls.Load(), err)
	}
}

func TestThreadAndComments(t *testing.T) {
	var calls atomic.Int32
	c := newClient(t, &calls)
	p, err := c.Thread(context.Background(), "abc123")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Detailed || p.Body != "They never pay." || len(p.Comments) != 1 || p.Comments[0] != (Comment{Body: "Use reminders.", Score: 9}) {
		t.Errorf("thread %+v", p)
	}
	if _, err := c.Thread(context.Background(), "nope"); !errors.Is(err, ErrNoThread) {
		t.Errorf("missing thread: %v", err)
	}
	base := "https://www.reddit.com/r/freelance/comments/abc123/late_clients/"
	for id, want := range map[string]CommentCheck{
		"c1": {State: CommentLive, Score: 9, ScoreKnown: true},
		"c2": {State: CommentRemoved},
		"c3": {State: CommentMissing},
		// A comment whose score the subforum still hides is live with no
		// score: the 1 the API shows is a placeholder.
		"c4": {State: CommentLive},
	} {
		got, err := c.Comment(context.Background(), base+id+"/")
		if err != nil || got != want {
			t.Errorf("comment %s: %+v %v, want %+v", id, got, err, want)
		}
	}
	if _, problem := c.CommentLink("https://old.reddit.com/r/freelance/comments/abc123/x/c1/"); problem != "" {
		t.Errorf("old. host refused: %s", problem)
	}
	if _, problem := c.CommentLink("https://forum.example.com/r/freelance/comments/abc123/x/c1/"); problem == "" {
		t.Error("another host accepted")
	}
}
