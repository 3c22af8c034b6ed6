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
// article.deleted): the 8 planned articles, and one more for the keyword
// of my idea, which the 8 leave out; unwritten articles for other keywords
// and written articles are never touched, and no new title repeats a
// written one.
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
	if sc := scanOf(t, a); sc.KeywordsFound != 12 || sc.ArticlesPlanned != 9 || sc.Ideas != 6 || sc.Scheduled != 3 {
		t.Fatalf("rescan counts %+v, want 12 keywords, 9 articles (6 ideas, 3 scheduled)", sc)
	}

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
	fresh, mineAgain := 0, false
	for _, x := range now {
		if x.Source == "scan" && x.ID != written.ID {
			fresh++
			if normal(x.Title) == normal(written.Title) {
				t.Errorf("new article repeats the written title %q", x.Title)
			}
			mineAgain = mineAgain || *x.Keyword == "best invoicing app"
		}
	}
	if !mineAgain {
		t.Error("no new article for the keyword of my replaced idea")
	}
	if fresh != 9 || len(now) != 11 {
		t.Fatalf("%d new scan articles, %d articles in all", fresh, len(now))
	}
	if n := len(a.Client.Events(t, "article.deleted")) - deletedBefore; n != 8 {
		t.Fatalf("%d article.deleted events, want 8 (7 scan articles and mine)", n)
	}
}

// TestRescanPlansReplacedKeywordsAgain: ideas saved from research are
// unwritten articles too, more of them than a scan plans. A rescan
// replaces those of a keyword it plans again and keeps the others: every
// keyword that had an unwritten article before still has one after, and
// every deleted article's keyword got a new scan article.
func TestRescanPlansReplacedKeywordsAgain(t *testing.T) {
	env := testenv.Shared(t)
	a := scanned(t, env)
	if r := research(t, a, map[string]any{"ideas": 30, "save": true}); r.Saved == nil || r.Saved.Articles != 30 {
		t.Fatalf("research saved %+v, want 30 articles", r.Saved)
	}
	all := func() []article {
		var out []article
		page := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/articles?limit=100", nil).Expect(t, http.StatusOK)
		for {
			var p struct {
				Articles   []article
				NextCursor *string `json:"next_cursor"`
			}
			page.Decode(t, &p)
			out = append(out, p.Articles...)
			if p.NextCursor == nil {
				return out
			}
			page = a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/articles?limit=100&cursor="+*p.NextCursor, nil).Expect(t, http.StatusOK)
		}
	}
	before := map[string]article{}
	planned := map[string]bool{} // keywords with an unwritten article
	for _, x := range all() {
		before[x.ID] = x
		if x.Keyword != nil && x.WordCount == 0 {
			planned[*x.Keyword] = true
		}
	}
	if len(before) != 38 {
		t.Fatalf("%d articles before the rescan, want 8 planned and 30 saved", len(before))
	}

	j := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if got := a.Client.WaitJob(t, j["id"].(string)); got["status"] != "completed" {
		t.Fatalf("rescan %v", got)
	}
	sc := scanOf(t, a)
	after := all()
	renewed := map[string]bool{} // keywords of the rescan's new articles
	still := map[string]bool{}
	fresh := 0
	for _, x := range after {
		if _, old := before[x.ID]; !old {
			fresh++
			if x.Source != "scan" || x.Keyword == nil {
				t.Fatalf("new article %+v", x)
			}
			renewed[*x.Keyword] = true
		}
		if x.Keyword != nil && x.WordCount == 0 {
			still[*x.Keyword] = true
		}
	}
	if fresh != sc.ArticlesPlanned || sc.ArticlesPlanned < 8 || sc.Ideas+sc.Scheduled != sc.ArticlesPlanned {
		t.Fatalf("%d new articles; scan counts %+v", fresh, sc)
	}
	for k := range planned {
		if !still[k] {
			t.Errorf("keyword %q had unwritten articles and has none after the rescan", k)
		}
	}
	kept := map[string]bool{}
	for _, x := range after {
		kept[x.ID] = true
	}
	deleted := 0
	for id, x := range before {
		if !kept[id] {
			deleted++
			if !renewed[*x.Keyword] {
				t.Errorf("article %q was deleted but its keyword %q got no new article", x.Title, *x.Keyword)
			}
		}
	}
	if deleted == 0 || len(after) != len(before)-deleted+fresh {
		t.Fatalf("%d deleted, %d new, %d articles after (%d before)", deleted, fresh, len(after), len(before))
	}
	if n := len(a.Client.Events(t, "article.deleted")); n != deleted {
		t.Fatalf("%d article.deleted events, want %d", n, deleted)
	}
}
