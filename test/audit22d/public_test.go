package audit22d

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// The public API's rule 1 and rule 2 sentences (public-articles-api.md 4).
const (
	msgSendURL   = `Send the article's live URL in published_url, as a JSON body such as {"published_url": "https://example.com/blog/my-article"}.`
	msgNotPublic = "published_url is not a public http(s) URL."
)

// wantPublicError fails unless r is status with exactly {"error": msg} and
// the public API's CORS header.
func wantPublicError(t *testing.T, r *testenv.Response, status int, msg string) {
	t.Helper()
	r.Expect(t, status)
	body := r.JSON(t)
	if len(body) != 1 || body["error"] != msg {
		t.Fatalf("body %s, want {\"error\": %q}", r.Body, msg)
	}
	if r.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("no CORS header on %d: %v", status, r.Header)
	}
}

// TestOverlongReportsAnswerTheSpecsSentences: the README said "A
// published_url over 2,048 characters ... answers rule 2's sentence"
// without a bound, but a report whose body is over 1 MB (the body limit
// every API shares) is not read at all and answers rule 1's sentence (the
// public API has no 413; the spec's 400 for a body that is missing or not
// JSON applies). The README now says so; this test holds both halves: at
// 2,048 characters a URL is recorded, at 2,049 it answers rule 2, and a
// body over 1 MB answers rule 1, a 400 in the public shape that writes
// nothing.
func TestOverlongReportsAnswerTheSpecsSentences(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	env.Trial(t, acct, testenv.TestCardOK)
	s := "/sites/" + acct.SiteID
	key := c.Agent(t, "POST", s+"/keys", nil).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	a := c.Agent(t, "POST", s+"/articles", map[string]any{"title": "Long", "body_markdown": "# Long\n\nWords."}).Expect(t, http.StatusCreated).Article(t)
	id := a["id"].(string)
	c.Agent(t, "POST", s+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	pub := env.Client().As(key)
	path := "/api/public/v1/articles/" + id
	prefix := "https://acme.com/"

	at2048 := prefix + strings.Repeat("a", 2048-len(prefix))
	got := pub.Do(t, "PATCH", path, map[string]any{"published_url": at2048}).Expect(t, http.StatusOK).Article(t)
	if got["published_url"] != at2048 {
		t.Fatalf("published_url = %v, want the 2,048-character URL", got["published_url"])
	}
	wantPublicError(t, pub.Do(t, "PATCH", path, map[string]any{"published_url": at2048 + "b"}), http.StatusBadRequest, msgNotPublic)
	huge := prefix + strings.Repeat("a", 1<<20)
	wantPublicError(t, pub.Do(t, "PATCH", path, map[string]any{"published_url": huge}), http.StatusBadRequest, msgSendURL)

	after := pub.Do(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)
	if after["published_url"] != at2048 || after["updated_at"] != got["updated_at"] {
		t.Fatalf("refused reports changed the article: %v (was %v at %v)", after["published_url"], at2048, got["updated_at"])
	}
	if n := len(c.Events(t, "article.published")); n != 1 {
		t.Fatalf("%d article.published events, want 1 (the accepted report)", n)
	}
}
