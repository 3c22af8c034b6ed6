package research

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// scanView is the plan part of GET /sites/{site_id}/scan.
type scanView struct {
	Status          string `json:"status"`
	FinishedAt      string `json:"finished_at"`
	KeywordsFound   int    `json:"keywords_found"`
	ArticlesPlanned int    `json:"articles_planned"`
	Ideas           int    `json:"ideas"`
	Scheduled       int    `json:"scheduled"`
}

func scanOf(t *testing.T, a *testenv.Account) scanView {
	t.Helper()
	var out struct{ Scan scanView }
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Scan
}

func wantCounts(t *testing.T, sc scanView) {
	t.Helper()
	if sc.Status != "completed" || sc.KeywordsFound != 12 || sc.ArticlesPlanned != 8 || sc.Ideas != 5 || sc.Scheduled != 3 {
		t.Fatalf("scan counts %+v, want 12 keywords, 8 articles (5 ideas, 3 scheduled)", sc)
	}
}

// TestScanPlan: the plan stage finds keywords (source library) from the
// scan's findings, plans ideas and scheduled articles (source scan, the
// scheduled ones the day after the scan and then weekly, with
// article.created each) and reports the counts.
func TestScanPlan(t *testing.T) {
	env := testenv.Shared(t)
	a := scanned(t, env)
	sc := scanOf(t, a)
	wantCounts(t, sc)

	kws := listKeywords(t, a, "")
	if len(kws) != 12 {
		t.Fatalf("%d keywords", len(kws))
	}
	names := map[string]keyword{}
	for _, k := range kws {
		names[k.Name] = k
		if k.Source != "library" {
			t.Errorf("keyword %+v", k)
		}
	}
	for _, n := range []string{"invoicing app", "best invoicing app", "freshbooks alternatives", "ledgerly vs xero"} {
		if _, ok := names[n]; !ok {
			t.Errorf("keyword %q not found in %v", n, names)
		}
	}
	if k := names["invoicing app"]; k.SearchVolume != 1920 || k.TrafficEstimate != 384 || *k.Intent != "Commercial" || *k.Tag != "invoicing app" {
		t.Errorf("keyword %+v", k)
	}

	finished, _ := time.Parse(time.RFC3339Nano, sc.FinishedAt)
	day := finished.UTC().Truncate(24 * time.Hour)
	var dates []string
	ideas := 0
	for _, x := range listArticles(t, a) {
		if x.Source != "scan" || x.Keyword == nil || names[*x.Keyword].ID == "" || x.Estimates == nil {
			t.Errorf("article %+v", x)
		}
		switch x.Status {
		case "scheduled":
			dates = append(dates, *x.ScheduledFor)
		case "opportunity":
			ideas++
		}
	}
	want := []string{day.AddDate(0, 0, 15).Format("2006-01-02"), day.AddDate(0, 0, 8).Format("2006-01-02"), day.AddDate(0, 0, 1).Format("2006-01-02")}
	if ideas != 5 || len(dates) != 3 || dates[0] != want[0] || dates[1] != want[1] || dates[2] != want[2] {
		t.Fatalf("scheduled for %v (want %v, newest first), %d ideas", dates, want, ideas)
	}
	created := a.Client.Events(t, "article.created")
	if len(created) != 8 {
		t.Fatalf("%d article.created events", len(created))
	}
	for _, e := range created {
		if e.Data["source"] != "scan" {
			t.Errorf("event %+v", e)
		}
	}
}

// TestRescanReplaces: a rescan's keywords replace same-name keywords and
// keep the others; unwritten articles for its keywords are replaced (with
// article.deleted), unwritten articles for other keywords and written
// articles are never touched, and no new title repeats a written one.
func TestRescanReplaces(t *testing.T) {
	env := testenv.Shared(t)
	a := scanned(t, env)
	c, base := a.Client, "/sites/"+a.SiteID
	first := listArticles(t, a)
	var written article
	for _, x := range first {
		if x.Status == "scheduled" {
			written = x
			break
		}
	}
	c.Agent(t, "PATCH", base+"/articles/"+written.ID, map[string]any{"body_markdown": "Our own words about it."}).Expect(t, http.StatusOK)
	var mine, other struct{ Article article }
	c.Agent(t, "POST", base+"/articles", map[string]any{"title": "My idea", "keyword": "Best invoicing app"}).Expect(t, http.StatusCreated).Decode(t, &mine)
	c.Agent(t, "POST", base+"/articles", map[string]any{"title": "Other idea", "keyword": "unrelated", "status": "scheduled"}).Expect(t, http.StatusCreated).Decode(t, &other)
	var old keyword
	for _, k := range listKeywords(t, a, "") {
		if k.Name == "invoicing app" {
			old = k
		}
	}
	c.Agent(t, "DELETE", base+"/keywords/"+old.ID, nil).Expect(t, http.StatusOK)
	var readded, own struct{ Keyword keyword }
	c.Agent(t, "POST", base+"/keywords", map[string]any{"name": "invoicing app", "search_volume": 7, "tag": "mine"}).Expect(t, http.StatusCreated).Decode(t, &readded)
	c.Agent(t, "POST", base+"/keywords", map[string]any{"name": "my own topic", "search_volume": 3}).Expect(t, http.StatusCreated).Decode(t, &own)
	deletedBefore := len(a.Client.Events(t, "article.deleted"))

	j := c.Agent(t, "POST", base+"/scan", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if got := a.Client.WaitJob(t, j["id"].(string)); got["status"] != "completed" {
		t.Fatalf("rescan %v", got)
	}
	wantCounts(t, scanOf(t, a))

	kws := map[string]keyword{}
	for _, k := range listKeywords(t, a, "") {
		kws[k.Name] = k
	}
	if len(kws) != 13 {
		t.Fatalf("%d keywords after the rescan", len(kws))
	}
	if k := kws["invoicing app"]; k.ID != readded.Keyword.ID || k.SearchVolume != 1920 || *k.Tag != "invoicing app" || k.Source != "library" {
		t.Fatalf("replaced keyword %+v (was %+v)", k, readded.Keyword)
	}
	if k := kws["my own topic"]; k.ID != own.Keyword.ID || k.SearchVolume != 3 {
		t.Fatalf("kept keyword %+v", k)
	}

	now := map[string]article{}
	for _, x := range listArticles(t, a) {
		now[x.ID] = x
	}
	if w, ok := now[written.ID]; !ok || w.Title != written.Title || w.Status != "scheduled" {
		t.Fatalf("written article %+v", w)
	}
	var got struct{ Article article }
	c.Agent(t, "GET", base+"/articles/"+written.ID, nil).Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.BodyMarkdown != "Our own words about it." {
		t.Fatalf("written body %q", got.Article.BodyMarkdown)
	}
	if _, ok := now[other.Article.ID]; !ok {
		t.Fatal("the unwritten article of an unrelated keyword was replaced")
	}
	if _, ok := now[mine.Article.ID]; ok {
		t.Fatal("the unwritten article of a rescanned keyword was kept")
	}
	for _, x := range first {
		if _, ok := now[x.ID]; ok && x.ID != written.ID {
			t.Errorf("unwritten scan article %q was kept", x.Title)
		}
	}
	fresh := 0
	for _, x := range now {
		if x.Source == "scan" && x.ID != written.ID {
			fresh++
			if normal(x.Title) == normal(written.Title) {
				t.Errorf("new article repeats the written title %q", x.Title)
			}
		}
	}
	if fresh != 8 || len(now) != 10 {
		t.Fatalf("%d new scan articles, %d articles in all", fresh, len(now))
	}
	if n := len(a.Client.Events(t, "article.deleted")) - deletedBefore; n != 8 {
		t.Fatalf("%d article.deleted events, want 8 (7 scan articles and mine)", n)
	}
}
