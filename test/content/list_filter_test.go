package content

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// A filtered list pages through every match: matches at the end of the
// site's articles are not lost when a page fills up.
func TestFilteredListPagesEveryMatch(t *testing.T) {
	env := testenv.Shared(t)
	acct := emptySite(t, env)
	c := acct.Client

	// Created oldest first; lists are newest first: A, B, C, D.
	d := create(t, c, acct.SiteID, map[string]any{"title": "D"})
	cc := create(t, c, acct.SiteID, map[string]any{"title": "C"})
	create(t, c, acct.SiteID, map[string]any{"title": "B", "status": "scheduled"})
	a := create(t, c, acct.SiteID, map[string]any{"title": "A"})

	var page struct {
		Articles   []article
		NextCursor *string `json:"next_cursor"`
	}
	path := "/sites/" + acct.SiteID + "/articles?status=opportunity&limit=2"
	c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Articles) != 2 || page.Articles[0].ID != a.ID || page.Articles[1].ID != cc.ID || page.NextCursor == nil {
		t.Fatalf("first page = %+v", page)
	}
	c.Agent(t, "GET", path+"&cursor="+*page.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Articles) != 1 || page.Articles[0].ID != d.ID || page.NextCursor != nil {
		t.Fatalf("second page = %+v", page)
	}
}

// An article without tags shows tags as [] after any change, in the answer
// and in its events, never null.
func TestTagsAreNeverNull(t *testing.T) {
	env := testenv.Shared(t)
	acct := emptySite(t, env)
	c := acct.Client

	a := create(t, c, acct.SiteID, map[string]any{"title": "Written by hand", "body_markdown": "# Written by hand\n\nA few words."})
	fin := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+a.ID+"/finish", nil).Expect(t, http.StatusOK).JSON(t)
	if tags, ok := fin["article"].(map[string]any)["tags"].([]any); !ok || len(tags) != 0 {
		t.Fatalf("tags after finish = %#v, want []", fin["article"].(map[string]any)["tags"])
	}
	events := c.Agent(t, "GET", "/events?types=article.finished", nil).Expect(t, http.StatusOK).JSON(t)["events"].([]any)
	if len(events) != 1 {
		t.Fatalf("%d article.finished events, want 1", len(events))
	}
	art := events[0].(map[string]any)["data"].(map[string]any)["article"].(map[string]any)
	if tags, ok := art["tags"].([]any); !ok || len(tags) != 0 {
		t.Fatalf("tags in article.finished = %#v, want []", art["tags"])
	}
}

// emptySite returns a new account whose site's first scan has failed, so
// the site holds no articles but the test's.
func emptySite(t *testing.T, env *testenv.Env) *testenv.Account {
	t.Helper()
	local, _, _ := strings.Cut(testenv.UniqueEmail("nothing"), "@")
	host := local + ".example.com"      // unique to the test
	env.SetHost(t, host, "127.0.0.1:1") // nothing listens: the scan fails
	acct := env.NewAccount(t, "https://"+host)
	job := acct.Client.Agent(t, "GET", "/jobs/"+acct.ScanJob+"?wait=25", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
	if job["status"] != "failed" {
		t.Fatalf("scan of an unreachable site = %v", job["status"])
	}
	return acct
}

// A status filter naming a status no article can have answers 422 on
// status, as the other lists' filters do; several known statuses are
// accepted.
func TestUnknownStatusFilterIsRefused(t *testing.T) {
	env := testenv.Shared(t)
	acct := emptySite(t, env)
	c := acct.Client
	base := "/sites/" + acct.SiteID + "/articles"
	create(t, c, acct.SiteID, map[string]any{"title": "An idea"})

	res := c.Agent(t, "GET", base+"?status=opportunity,published", nil).Expect(t, http.StatusUnprocessableEntity)
	details, _ := res.JSON(t)["details"].([]any)
	if len(details) != 1 || details[0].(map[string]any)["field"] != "status" {
		t.Fatalf("details = %#v, want one problem on status", details)
	}
	list := c.Agent(t, "GET", base+"?status=opportunity,scheduled,generating,finished", nil).Expect(t, http.StatusOK).JSON(t)["articles"].([]any)
	if len(list) != 1 {
		t.Fatalf("%d articles with every status, want 1", len(list))
	}
}

// A finished article stays finished: a PATCH that sends a status answers
// 409 and changes nothing, while other fields still change.
func TestFinishedArticleKeepsItsStatus(t *testing.T) {
	acct, path := finishedArticle(t, "Done by hand")
	c := acct.Client

	for _, status := range []string{"opportunity", "scheduled"} {
		res := c.Agent(t, "PATCH", path, map[string]any{"status": status, "title": "Renamed"}).Expect(t, http.StatusConflict)
		if code := res.ErrorCode(t); code != "conflict" {
			t.Fatalf("status %s on a finished article: code %s", status, code)
		}
	}
	var got struct{ Article article }
	c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.Status != "finished" || got.Article.Title != "Done by hand" {
		t.Fatalf("after refused PATCHes: %+v", got.Article)
	}
	c.Agent(t, "PATCH", path, map[string]any{"title": "Renamed"}).Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.Status != "finished" || got.Article.Title != "Renamed" {
		t.Fatalf("after a title change: %+v", got.Article)
	}
}

// A finished article keeps a body: a PATCH that empties it (null, "" or
// blank) answers 409 and changes nothing, while an idea's body can be
// emptied and a finished article's replaced.
func TestFinishedArticleKeepsABody(t *testing.T) {
	acct, path := finishedArticle(t, "Kept")
	c := acct.Client

	for _, body := range []any{nil, "", " \n\t"} {
		res := c.Agent(t, "PATCH", path, map[string]any{"body_markdown": body, "title": "Emptied"}).Expect(t, http.StatusConflict)
		if code := res.ErrorCode(t); code != "conflict" {
			t.Fatalf("body %q on a finished article: code %s", body, code)
		}
	}
	var got struct{ Article article }
	c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.Status != "finished" || got.Article.Title != "Kept" || got.Article.BodyMarkdown != "# Kept\n\nA few words." {
		t.Fatalf("after refused PATCHes: %+v", got.Article)
	}
	c.Agent(t, "PATCH", path, map[string]any{"body_markdown": "New words."}).Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.BodyMarkdown != "New words." {
		t.Fatalf("after a new body: %+v", got.Article)
	}

	idea := create(t, c, acct.SiteID, map[string]any{"title": "Draft", "body_markdown": "Some words."})
	var emptied struct{ Article article }
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID+"/articles/"+idea.ID, map[string]any{"body_markdown": nil}).Expect(t, http.StatusOK).Decode(t, &emptied)
	if emptied.Article.Status != "opportunity" || emptied.Article.BodyMarkdown != "" {
		t.Fatalf("an idea's emptied body: %+v", emptied.Article)
	}
}

// finishedArticle makes a finished article titled title, with the body
// "# <title>\n\nA few words.", on a fresh site, and returns the account
// and the article's agent-API path.
func finishedArticle(t *testing.T, title string) (*testenv.Account, string) {
	t.Helper()
	acct := emptySite(t, testenv.Shared(t))
	a := create(t, acct.Client, acct.SiteID, map[string]any{"title": title, "body_markdown": "# " + title + "\n\nA few words."})
	path := "/sites/" + acct.SiteID + "/articles/" + a.ID
	acct.Client.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK)
	return acct, path
}
