package research

import (
	"context"
	"net/http"
	"testing"

	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/test/testenv"
)

// rankOf returns GET /sites/{site_id}/rank's rank.
type rankView struct {
	SiteID   string `json:"site_id"`
	Coverage struct {
		Basis                           string
		Total, Published, Planned, Open int
	} `json:"coverage"`
	Market []struct {
		Keyword         string  `json:"keyword"`
		Searches        int     `json:"searches"`
		Intent          *string `json:"intent"`
		Trend           string  `json:"trend"`
		TrafficEstimate int     `json:"traffic_estimate"`
		Status          string  `json:"status"`
		ArticleID       *string `json:"article_id"`
		Score           int     `json:"score"`
	} `json:"market"`
}

func rankOf(t *testing.T, a *testenv.Account) rankView {
	t.Helper()
	var out struct{ Rank rankView }
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/rank", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Rank
}

// setStatus moves an article to status in the stack's table, as writing
// and finishing would.
func setStatus(t *testing.T, env *testenv.Env, a *testenv.Account, id, status string) {
	t.Helper()
	_, err := contentbase.ArticleStore(env.Stack.Graph).Change(context.Background(), a.SiteID, id, func(x *articles.Article) error {
		x.Status = status
		if status == articles.StatusFinished {
			editing.SetBody(x, "# Done\n\nWritten.")
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
}

// TestRank: each tracked keyword's status comes from its furthest article;
// coverage weighs keywords by searches, or counts them when none has a
// volume; score is traffic relative to the best keyword.
func TestRank(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	empty := rankOf(t, a)
	if empty.SiteID != a.SiteID || empty.Coverage.Basis != "topics" || empty.Coverage.Total != 0 || len(empty.Market) != 0 {
		t.Fatalf("empty rank %+v", empty)
	}

	for _, name := range []string{"alpha", "bravo", "charlie", "delta", "echo"} {
		c.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": name}).Expect(t, http.StatusCreated)
	}
	art := func(keyword string, body map[string]any) string {
		t.Helper()
		if body == nil {
			body = map[string]any{}
		}
		body["title"], body["keyword"] = "About "+keyword, keyword
		var out struct{ Article struct{ ID string } }
		c.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", body).Expect(t, http.StatusCreated).Decode(t, &out)
		return out.Article.ID
	}
	published := art("Alpha", nil)
	art("alpha", nil) // an idea for a published keyword does not lower it
	writing := art("bravo", map[string]any{"status": "scheduled"})
	scheduled := art("charlie", map[string]any{"status": "scheduled"})
	idea := art("delta", nil)
	art("not tracked", nil)
	setStatus(t, env, a, published, articles.StatusFinished)
	setStatus(t, env, a, writing, articles.StatusGenerating)

	r := rankOf(t, a)
	if r.Coverage.Basis != "topics" || r.Coverage.Total != 5 || r.Coverage.Published != 1 || r.Coverage.Planned != 3 || r.Coverage.Open != 1 {
		t.Fatalf("topic coverage %+v", r.Coverage)
	}
	want := map[string]struct {
		status string
		id     string
	}{"alpha": {"published", published}, "bravo": {"writing", writing}, "charlie": {"scheduled", scheduled}, "delta": {"idea", idea}, "echo": {"gap", ""}}
	for _, m := range r.Market {
		w := want[m.Keyword]
		if m.Status != w.status || (w.id == "") != (m.ArticleID == nil) || (m.ArticleID != nil && *m.ArticleID != w.id) || m.Score != 0 {
			t.Errorf("row %+v, want %+v", m, w)
		}
	}

	// Volumes switch the basis to searches.
	for _, k := range []struct {
		name, intent string
		vol          int
	}{{"foxtrot", "Informational", 1000}, {"golf", "Commercial", 400}} {
		c.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": k.name, "intent": k.intent, "search_volume": k.vol}).Expect(t, http.StatusCreated)
	}
	art("golf", map[string]any{"status": "scheduled"})
	r = rankOf(t, a)
	if r.Coverage.Basis != "searches" || r.Coverage.Total != 1400 || r.Coverage.Published != 0 || r.Coverage.Planned != 400 || r.Coverage.Open != 1000 {
		t.Fatalf("search coverage %+v", r.Coverage)
	}
	if len(r.Market) != 7 || r.Market[0].Keyword != "foxtrot" || r.Market[0].Searches != 1000 || r.Market[0].TrafficEstimate != 300 ||
		r.Market[0].Score != 100 || r.Market[0].Status != "gap" || *r.Market[0].Intent != "Informational" || r.Market[0].Trend != "Steady" {
		t.Fatalf("first row %+v", r.Market[0])
	}
	if g := r.Market[1]; g.Keyword != "golf" || g.TrafficEstimate != 80 || g.Score != 27 || g.Status != "scheduled" {
		t.Fatalf("second row %+v", g)
	}

	// Discovered keywords are not tracked.
	research(t, a, map[string]any{"seed": "hotel", "ideas": 0, "save": true})
	if n := len(rankOf(t, a).Market); n != 7 {
		t.Fatalf("market of %d rows after saving research", n)
	}
}
