// Package audit21c holds black-box tests of articles, keywords and the
// public articles API, written from the spec and README against a dev
// stack: each one pins a defect an audit found.
package audit21c

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// emptySite returns a new account whose scan fails (nothing listens at its
// website), so its site holds only the articles a test creates.
func emptySite(t *testing.T, env *testenv.Env) *testenv.Account {
	t.Helper()
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	local, _, _ := strings.Cut(testenv.UniqueEmail("audit21c"), "@")
	host := local + ".example.com"
	env.SetHost(t, host, "127.0.0.1:1")
	acct := env.NewAccount(t, "https://"+host)
	job := acct.Client.Agent(t, "GET", "/jobs/"+acct.ScanJob+"?wait=25", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
	if job["status"] != "failed" {
		t.Fatalf("scan of an unreachable site = %v", job["status"])
	}
	return acct
}

// article is the part of an agent-API article these tests read.
type article struct {
	ID        string  `json:"id"`
	Status    string  `json:"status"`
	Title     string  `json:"title"`
	Keyword   *string `json:"keyword"`
	UpdatedAt string  `json:"updated_at"`
}

func create(t *testing.T, acct *testenv.Account, body map[string]any) article {
	t.Helper()
	var out struct{ Article article }
	acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", body).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.Article
}

// A PATCH that changes nothing writes nothing: a finished article keeps its
// updated_at (which the public API's since paging and published_at follow)
// and no article.updated is recorded. Before the fix every PATCH moved
// updated_at, so an agent re-sending an article's own title offered it
// again to every CMS syncing with since.
func TestPatchThatChangesNothingKeepsUpdatedAt(t *testing.T) {
	env := testenv.Shared(t)
	acct := emptySite(t, env)
	c := acct.Client
	a := create(t, acct, map[string]any{
		"title": "Model rockets", "keyword": "model rockets", "tags": []string{"rockets"},
		"body_markdown": "# Model rockets\n\nModel rockets teach physics.",
	})
	path := "/sites/" + acct.SiteID + "/articles/" + a.ID
	var fin struct{ Article article }
	c.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK).Decode(t, &fin)

	for _, body := range []map[string]any{
		{},
		{"title": "Model rockets"},
		{"keyword": "model rockets", "tags": []string{"rockets"}, "description": ""},
		{"body_markdown": "# Model rockets\n\nModel rockets teach physics."},
	} {
		var got struct{ Article article }
		c.Agent(t, "PATCH", path, body).Expect(t, http.StatusOK).Decode(t, &got)
		if got.Article.UpdatedAt != fin.Article.UpdatedAt || got.Article.Title != "Model rockets" {
			t.Fatalf("PATCH %v: updated_at %s, want it unchanged at %s", body, got.Article.UpdatedAt, fin.Article.UpdatedAt)
		}
	}
	var now struct{ Article article }
	c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &now)
	if now.Article.UpdatedAt != fin.Article.UpdatedAt {
		t.Fatalf("stored updated_at %s, want %s", now.Article.UpdatedAt, fin.Article.UpdatedAt)
	}
	if ev := c.Events(t, "article.updated"); len(ev) != 0 {
		t.Fatalf("article.updated recorded for PATCHes that changed nothing: %+v", ev)
	}

	// With an Idempotency-Key, a PATCH that changes nothing is kept like
	// any answer: its replay is the same answer, and the key with another
	// body is refused.
	keyed := c.Agent(t, "PATCH", path, map[string]any{"title": "Model rockets"}, "Idempotency-Key: noop-patch-1").Expect(t, http.StatusOK)
	replay := c.Agent(t, "PATCH", path, map[string]any{"title": "Model rockets"}, "Idempotency-Key: noop-patch-1").Expect(t, http.StatusOK)
	if string(replay.Body) != string(keyed.Body) {
		t.Fatalf("replay of a keyed PATCH that changed nothing:\n%s\nwant\n%s", replay.Body, keyed.Body)
	}
	c.Agent(t, "PATCH", path, map[string]any{"title": "Model rockets again"}, "Idempotency-Key: noop-patch-1").Expect(t, http.StatusConflict)

	// A real change still writes and is recorded.
	var got struct{ Article article }
	c.Agent(t, "PATCH", path, map[string]any{"title": "Model rockets for schools"}).Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.UpdatedAt <= fin.Article.UpdatedAt {
		t.Fatalf("a retitle kept updated_at %s", got.Article.UpdatedAt)
	}
	if ev := c.Events(t, "article.updated"); len(ev) != 1 {
		t.Fatalf("%d article.updated events after a retitle, want 1", len(ev))
	}
}

// The list's keyword filter finds an article the way the service matches
// keywords elsewhere (rank names the same article for the keyword): case,
// runs of spaces and accent composition do not matter. Before the fix the
// filter compared with strings.EqualFold only, so an article whose keyword
// was sent decomposed (e + U+0301) or with two spaces was not listed under
// the keyword rank shows it for.
func TestKeywordFilterMatchesLikeRank(t *testing.T) {
	env := testenv.Shared(t)
	acct := emptySite(t, env)
	c := acct.Client
	a := create(t, acct, map[string]any{"title": "Coffee", "keyword": "Cafe\u0301 au  Lait", "status": "scheduled"})
	create(t, acct, map[string]any{"title": "Other", "keyword": "cafe au lait"}) // no accent: another keyword

	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/keywords", map[string]any{"name": "café au lait"}).Expect(t, http.StatusCreated)
	var rank struct {
		Rank struct {
			Market []struct {
				Keyword   string  `json:"keyword"`
				ArticleID *string `json:"article_id"`
			} `json:"market"`
		} `json:"rank"`
	}
	c.Agent(t, "GET", "/sites/"+acct.SiteID+"/rank", nil).Expect(t, http.StatusOK).Decode(t, &rank)
	if len(rank.Rank.Market) != 1 || rank.Rank.Market[0].ArticleID == nil || *rank.Rank.Market[0].ArticleID != a.ID {
		t.Fatalf("rank market = %+v, want café au lait on article %s", rank.Rank.Market, a.ID)
	}

	for _, kw := range []string{"café au lait", "CAFÉ AU LAIT", " café  au lait ", "Cafe\u0301 au  Lait"} {
		var page struct{ Articles []article }
		c.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles?keyword="+url.QueryEscape(kw), nil).Expect(t, http.StatusOK).Decode(t, &page)
		if len(page.Articles) != 1 || page.Articles[0].ID != a.ID {
			t.Fatalf("keyword=%q lists %+v, want only article %s", kw, page.Articles, a.ID)
		}
	}
}
