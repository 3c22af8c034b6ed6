package writing

import (
	"bytes"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// The score endpoint rates any article by fixed rules: the same article
// always gets the same answer, with every check named.
func TestScore(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	a := r.create(t, map[string]any{"title": "A Guide to Coffee Subscriptions", "keyword": "coffee subscription", "body_markdown": handWritten("coffee subscription")})
	first := r.api(t, "GET", r.articlePath(a.ID)+"/score", nil).Expect(t, http.StatusOK)
	again := r.api(t, "GET", r.articlePath(a.ID)+"/score", nil).Expect(t, http.StatusOK)
	if !bytes.Equal(first.Body, again.Body) {
		t.Fatalf("two scores of one article differ:\n%s\n%s", first.Body, again.Body)
	}
	var out struct {
		Score struct {
			ArticleID string  `json:"article_id"`
			Overall   int     `json:"overall"`
			Keyword   *string `json:"keyword"`
			WordCount int     `json:"word_count"`
			SEO, GEO  struct {
				Score  int `json:"score"`
				Checks []struct {
					ID        string `json:"id"`
					Label     string `json:"label"`
					Passed    bool   `json:"passed"`
					Points    int    `json:"points"`
					MaxPoints int    `json:"max_points"`
					Detail    string `json:"detail"`
				} `json:"checks"`
			}
		} `json:"score"`
	}
	first.Decode(t, &out)
	s := out.Score
	if s.ArticleID != a.ID || s.Keyword == nil || *s.Keyword != "coffee subscription" || s.WordCount == 0 {
		t.Fatalf("score = %+v", s)
	}
	// The plural title, the missing description and links, and the short
	// length cost SEO points; the definition, intro and FAQ earn GEO ones.
	if s.SEO.Score != 30 || s.GEO.Score != 68 || s.Overall != 49 {
		t.Fatalf("scores seo %d geo %d overall %d, want 30, 68, 49: %s", s.SEO.Score, s.GEO.Score, s.Overall, first.Body)
	}
	passed := map[string]bool{}
	total := 0
	for _, c := range s.SEO.Checks {
		passed[c.ID] = c.Passed
		total += c.MaxPoints
		if c.Label == "" || c.Detail == "" || c.Points > c.MaxPoints || c.Passed != (c.Points == c.MaxPoints) {
			t.Fatalf("malformed check %+v", c)
		}
	}
	for _, c := range s.GEO.Checks {
		passed[c.ID] = c.Passed
		total += c.MaxPoints
	}
	want := map[string]bool{
		"keyword_in_title": false, "keyword_in_h1": true, "keyword_in_intro": true, "keyword_in_subheading": false,
		"length": false, "description_length": false, "keyword_in_description": false, "keyword_in_slug": false,
		"links": false, "sections": true,
		"answer_first": true, "definition": true, "faq": true, "lists_and_tables": false, "entity_clarity": false,
		"site_citations": false, "short_sections": true,
	}
	if len(passed) != len(want) || total != 200 {
		t.Fatalf("checks %v (max points %d), want %v (200)", passed, total, want)
	}
	for id, ok := range want {
		if passed[id] != ok {
			t.Fatalf("check %s passed = %v, want %v", id, passed[id], ok)
		}
	}
	r.api(t, "GET", "/sites/"+r.site+"/articles/0190b7a2-0000-7000-8000-000000000000/score", nil).ExpectError(t, http.StatusNotFound, "not_found")
}
