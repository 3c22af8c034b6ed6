package audit25b

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestPublishWhileTheArticleIsEdited: README, "Publish": "url follows the
// public API's rules ... and records article.published {source: agent,
// result: recorded}. Only finished articles can be published (409)."
// Defect: POST .../publish with a url, sent while the same finished
// article was edited (its tags patched, its live URL reported by the
// site's plugin through the public API), often answered 409 "The article
// changed at the same moment. Retry the request." although the article was
// finished and nothing refused the URL. The URL is now recorded on the
// article as it is then: every publish answers 200, and the article ends
// with one of the URLs sent and the tags the PATCH set.
func TestPublishWhileTheArticleIsEdited(t *testing.T) {
	env := testenv.StartQuiet(t)
	r := env.NewReadable(t, "")
	site := env.Client().As(r.SiteKey)
	path := "/sites/" + r.SiteID + "/articles/" + r.ArticleID
	for round := range 5 {
		rs := testenv.AtOnce(6, func(i int) *testenv.Response {
			switch i % 3 {
			case 0:
				return r.Client.Agent(t, "POST", path+"/publish", map[string]any{"url": fmt.Sprintf("https://acme.com/blog/agent-%d-%d", round, i)}, fmt.Sprintf("Idempotency-Key: publish-%d-%d", round, i))
			case 1:
				return r.Client.Agent(t, "PATCH", path, map[string]any{"tags": []string{fmt.Sprintf("round-%d", round)}})
			default:
				return site.Do(t, "PATCH", "/api/public/v1/articles/"+r.ArticleID, map[string]any{"published_url": fmt.Sprintf("https://acme.com/blog/site-%d-%d", round, i)})
			}
		})
		for i, resp := range rs {
			if resp.Status != http.StatusOK {
				t.Errorf("round %d: request %d answered %d, want 200: %s", round, i, resp.Status, resp.Body)
			}
		}
		got := r.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
		if u, _ := got["published_url"].(string); !strings.HasPrefix(u, "https://acme.com/blog/") || !strings.Contains(u, fmt.Sprintf("-%d-", round)) {
			t.Errorf("round %d: published_url %v, want one of the round's URLs", round, got["published_url"])
		}
		if tags, _ := got["tags"].([]any); len(tags) != 1 || tags[0] != fmt.Sprintf("round-%d", round) {
			t.Errorf("round %d: tags %v, want [round-%d]", round, got["tags"], round)
		}
	}
}
