package concurrency

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// articleBalance returns the site's article credit balance.
func articleBalance(t *testing.T, a *testenv.Account, site string) float64 {
	t.Helper()
	c := a.Client.Agent(t, "GET", "/sites/"+site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	return c["articles"].(map[string]any)["balance"].(float64)
}

// scheduled creates n scheduled articles on a's primary site and returns
// their ids.
func scheduled(t *testing.T, a *testenv.Account, n int) []string {
	t.Helper()
	out := make([]string, n)
	for i := range out {
		var art struct{ Article struct{ ID string } }
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{
			"title": fmt.Sprintf("How to descale a kettle, part %d", i), "keyword": fmt.Sprintf("descale kettle %d", i), "status": "scheduled",
		}).Expect(t, http.StatusCreated).Decode(t, &art)
		out[i] = art.Article.ID
	}
	return out
}

// Twenty generations of twenty articles at once on a trial's 5 article
// credits: five start, the rest 402 insufficient_credits; the balance ends
// at 0 (never below), credits.low and credits.exhausted fire once each.
func TestGenerateAtTheBalanceAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, cardOK)
	bal := articleBalance(t, a, a.SiteID)
	ids := scheduled(t, a, 20)
	rs := testenv.AtOnce(len(ids), func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+ids[i]+"/generate", nil, key("gen", i))
	})
	got := tally(t, "generate", rs)
	only(t, "generate", got, http.StatusAccepted, http.StatusPaymentRequired)
	if got[http.StatusAccepted] != int(bal) {
		t.Errorf("generations at once on %v credits: %v, want %v accepted", bal, got, bal)
	}
	for _, r := range rs {
		if r.Status == http.StatusAccepted {
			a.Client.WaitJob(t, r.JSON(t)["job"].(map[string]any)["id"].(string))
		}
	}
	env.RunScheduled(t)
	generated, failed := count(t, a, "article.generated"), count(t, a, "article.generation_failed")
	if b := articleBalance(t, a, a.SiteID); b != float64(failed) || generated+failed != int(bal) {
		t.Errorf("balance %v after %d generated and %d failed of %v, want %d", b, generated, failed, bal, failed)
	}
	if n := count(t, a, "credits.low"); n != 1 {
		t.Errorf("%d credits.low events, want 1", n)
	}
	if n := count(t, a, "credits.exhausted"); failed == 0 && n != 1 {
		t.Errorf("%d credits.exhausted events, want 1", n)
	}
}

// Generations of one article at once, each with its own key: one job, one
// credit.
func TestGenerateOneArticleAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, cardOK)
	bal := articleBalance(t, a, a.SiteID)
	id := scheduled(t, a, 1)[0]
	rs := testenv.AtOnce(20, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+id+"/generate", nil, key("one", i))
	})
	got := tally(t, "generate one", rs)
	only(t, "generate one", got, http.StatusAccepted, http.StatusConflict)
	if got[http.StatusAccepted] != 1 {
		t.Errorf("generations of one article at once: %v, want one 202", got)
	}
	for _, r := range rs {
		if r.Status == http.StatusAccepted {
			a.Client.WaitJob(t, r.JSON(t)["job"].(map[string]any)["id"].(string))
		}
	}
	if b := articleBalance(t, a, a.SiteID); b != bal-1 {
		t.Errorf("balance %v after one generation of %v, want %v", b, bal, bal-1)
	}
	if n := count(t, a, "article.generated"); n != 1 {
		t.Errorf("%d article.generated events, want 1", n)
	}
}

// Twenty POST /finish of one hand-written article at once: it becomes
// finished once, with one article.finished.
func TestFinishAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, cardOK)
	var art struct{ Article struct{ ID string } }
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{
		"title": "Sharp chisels", "keyword": "sharpen chisels", "body_markdown": "# Sharp chisels\n\nHone at 30 degrees.",
	}).Expect(t, http.StatusCreated).Decode(t, &art)
	got := tally(t, "finish", testenv.AtOnce(20, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+art.Article.ID+"/finish", nil, key("fin", i))
	}))
	only(t, "finish", got, http.StatusOK, http.StatusConflict)
	if n := count(t, a, "article.finished"); n != 1 {
		t.Errorf("%d article.finished events after finishes at once (%v), want 1", n, got)
	}
}
