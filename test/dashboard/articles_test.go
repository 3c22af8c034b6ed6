package dashboard_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// articleOf reads article id of the owner's site through the API.
func (o *owner) articleOf(t *testing.T, id string) map[string]any {
	t.Helper()
	return o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
}

// newIdea creates an idea through the dashboard's form and returns its id.
func (o *owner) newIdea(t *testing.T, title string) string {
	t.Helper()
	p := o.submit(t, o.site("/articles"), o.site("/articles"), url.Values{"title": {title}, "keyword": {"model rockets"}})
	loc := p.Redirect(t, http.StatusSeeOther, o.env.URL+o.site("/articles/"))
	return strings.TrimPrefix(loc.Path, o.site("/articles/"))
}

func TestCreateArticlesAsTheOwner(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")

	// A refused form keeps what was typed and says what is wrong, next to
	// the field; nothing is created.
	p := o.submit(t, o.site("/articles"), o.site("/articles"), url.Values{"title": {""}, "keyword": {"x"}, "description": {"Kept text"}}).
		Expect(t, http.StatusUnprocessableEntity, "Nothing was saved.", `aria-invalid="true"`, "Kept text", `id="create-keyword-error"`)
	if !strings.Contains(p.Body, `id="create-title-error"`) {
		t.Fatalf("no message next to the title:\n%s", p.Body)
	}
	expectPlain(t, "refused create", p)

	id := o.newIdea(t, "How to launch a model rocket")
	page := o.open(t, o.site("/articles/"+id+"?done=article"), "Article created.", "How to launch a model rocket", "Idea", "Write it now (1 article credit)")
	expectPlain(t, "article", page)
	a := o.articleOf(t, id)
	if a["source"] != "dashboard" || a["status"] != "opportunity" || a["keyword"] != "model rockets" {
		t.Fatalf("article %v", a)
	}
	created := o.Client.Events(t, "article.created")
	last := created[len(created)-1]
	if last.Data["source"] != "dashboard" || last.Data["article"].(map[string]any)["id"] != id {
		t.Fatalf("article.created %v", last.Data)
	}
	o.byOwner(t, "article.created", 1)

	// Scheduled, with a day.
	p = o.submit(t, o.site("/articles"), o.site("/articles"), url.Values{"title": {"Scheduled piece"}, "status": {"scheduled"}, "scheduled_for": {"2031-05-04"}})
	p.Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"))
	o.open(t, o.site("/articles?status=scheduled"), "Scheduled piece", `datetime="2031-05-04"`, "4 May 2031")
}

func TestArticleListFiltersAndPages(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	for i := 0; i < 23; i++ {
		o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": fmt.Sprintf("Idea number %02d", i)}).Expect(t, http.StatusCreated)
	}
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "The scheduled one", "status": "scheduled"}).Expect(t, http.StatusCreated)
	first := o.open(t, o.site("/articles"), "The scheduled one", "Idea number 22", "Next page")
	if strings.Contains(first.Body, "Idea number 00") {
		t.Fatal("the first page holds more than 20 articles")
	}
	next := regexp.MustCompile(`href="([^"]*cursor=[^"]*)">Next page`).FindStringSubmatch(first.Body)
	if next == nil {
		t.Fatalf("no next page link:\n%s", first.Body)
	}
	second := o.open(t, strings.ReplaceAll(next[1], "&amp;", "&"), "Idea number 00", "First page")
	if strings.Contains(second.Body, "Idea number 22") {
		t.Fatal("the second page repeats the first")
	}
	ideas := o.open(t, o.site("/articles?status=scheduled"), "The scheduled one")
	if strings.Contains(ideas.Body, "Idea number") {
		t.Fatal("the scheduled filter lists ideas")
	}
}

func TestGenerateReviewAndPublishAnArticle(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "https://acme-rockets.example")
	env.Trial(t, o.Account, testenv.TestCardOK)
	id := o.newIdea(t, "Model rocket safety for schools")
	before := o.credits(t)

	// Generate: the form sent twice writes once (one credit, one job).
	form := o.open(t, o.site("/articles/"+id)).Form(t, o.site("/articles/"+id+"/generate"))
	o.Browser.Post(t, o.site("/articles/"+id+"/generate"), form).Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=generating"))
	o.Browser.Post(t, o.site("/articles/"+id+"/generate"), form).Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=generating"))
	var jobs struct {
		Jobs []map[string]any `json:"jobs"`
	}
	o.Client.Agent(t, "GET", "/jobs?kind=article.generate", nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	if len(jobs.Jobs) != 1 {
		t.Fatalf("%d generation jobs, want 1", len(jobs.Jobs))
	}
	o.Client.WaitJob(t, jobs.Jobs[0]["id"].(string))
	if after := o.credits(t); after != before-1 {
		t.Fatalf("article credits %d, then %d: want one spent", before, after)
	}
	gen := o.Client.Events(t, "article.generated")
	if len(gen) != 1 || gen[0].Data["trigger"] != "dashboard" {
		t.Fatalf("article.generated %v", gen)
	}
	fin := o.Client.Events(t, "article.finished")
	if len(fin) != 1 || fin[0].Data["trigger"] != "dashboard" {
		t.Fatalf("article.finished %v", fin)
	}

	// Review: the preview, the score with each check, the edit form.
	page := o.open(t, o.site("/articles/"+id), "Finished", `class="preview"`, "<h2>", "Record the live address", "See every check")
	if strings.Contains(page.Body, "Being written") {
		t.Fatal("a finished article still shows as being written")
	}
	o.open(t, o.site("/articles/"+id+"/score"), "Search engines (SEO)", "AI answers (GEO)", "says what to fix", "To fix", "keyword")

	// Rewrite one section.
	rw := page.Form(t, o.site("/articles/"+id+"/rewrite"))
	rw.Set("instructions", "shorter")
	o.Browser.Post(t, o.site("/articles/"+id+"/rewrite"), rw).Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=rewritten"))

	// Record the live address: off the site's domain is refused next to
	// the field; on it, recorded with source dashboard.
	publish := o.site("/articles/" + id + "/publish")
	p := o.submit(t, o.site("/articles/"+id), publish, url.Values{"url": {"https://elsewhere.example/post"}}).
		Expect(t, http.StatusUnprocessableEntity, "https://elsewhere.example/post", `id="publish-url-error"`, "Live address must be on")
	expectPlain(t, "refused publish", p)
	o.submit(t, o.site("/articles/"+id), publish, url.Values{"url": {"https://acme-rockets.example/blog/safety"}}).
		Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=published"))
	if a := o.articleOf(t, id); a["published_url"] != "https://acme-rockets.example/blog/safety" {
		t.Fatalf("published_url %v", a["published_url"])
	}
	pub := o.Client.Events(t, "article.published")
	if len(pub) != 1 || pub[0].Data["source"] != "dashboard" || pub[0].Data["result"] != "recorded" {
		t.Fatalf("article.published %v", pub)
	}
	o.byOwner(t, "article.published", 1)
	o.open(t, o.site("/articles/"+id), "live at", "https://acme-rockets.example/blog/safety")
}

// credits returns the owner's site's article credits left.
func (o *owner) credits(t *testing.T) int {
	t.Helper()
	c := o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	return int(c["articles"].(map[string]any)["balance"].(float64))
}

func TestEditFinishAndDeleteAHandWrittenArticle(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	id := o.newIdea(t, "Hand written")
	edit := o.site("/articles/" + id + "/edit")

	// A refused edit keeps the body typed.
	o.submit(t, edit, edit, url.Values{"title": {""}, "body_markdown": {"# Draft kept\n\nText."}}).
		Expect(t, http.StatusUnprocessableEntity, "Draft kept", `id="edit-title-error"`)
	if a := o.articleOf(t, id); a["title"] != "Hand written" {
		t.Fatalf("a refused edit changed the article: %v", a)
	}

	// Markdown with raw HTML: the preview keeps the text, never a script
	// or an event handler.
	body := "# Hand written\n\nIntro <script>alert(1)</script><b onmouseover=alert(2)>bold</b> [link](javascript:alert(3)).\n\n## Steps\n\nDo it."
	o.submit(t, edit, edit, url.Values{"body_markdown": {body}, "tags": {"rockets, Schools"}}).
		Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=saved"))
	a := o.articleOf(t, id)
	if a["body_markdown"] != body || a["title"] != "Hand written" || fmt.Sprint(a["tags"]) != "[rockets Schools]" {
		t.Fatalf("after edit %v", a)
	}
	page := o.open(t, o.site("/articles/"+id), "Mark finished", "Intro")
	preview := page.Body[strings.Index(page.Body, `class="preview"`):]
	for _, bad := range []string{"<script", "onmouseover", "javascript:"} {
		if strings.Contains(preview, bad) {
			t.Fatalf("the preview keeps %q:\n%s", bad, preview)
		}
	}
	o.byOwner(t, "article.created", 1)

	// Articles carry no images: the field says so and the body typed stays.
	o.submit(t, edit, edit, url.Values{"body_markdown": {"# Pictures\n\n![a rocket](https://acme.example/r.png)"}}).
		Expect(t, http.StatusUnprocessableEntity, "Pictures", "must not contain images")

	// Nothing changed: nothing is sent.
	o.submit(t, edit, edit, nil).Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=nothing"))

	o.submit(t, o.site("/articles/"+id), o.site("/articles/"+id+"/finish"), nil).Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles/"+id+"?done=finished"))
	fin := o.Client.Events(t, "article.finished")
	if len(fin) != 1 || fin[0].Data["trigger"] != "dashboard" {
		t.Fatalf("article.finished %v", fin)
	}
	o.byOwner(t, "article.finished", 1)
	// Finishing again is the API's conflict, on a page that says so.
	o.submit(t, o.site("/articles/"+id), o.site("/articles/"+id+"/delete"), nil).Redirect(t, http.StatusSeeOther, env.URL+o.site("/articles?done=article_gone"))
	o.Browser.Get(t, o.site("/articles/"+id)).Expect(t, http.StatusNotFound)
	del := o.Client.Events(t, "article.deleted")
	if len(del) != 1 || del[0].Data["article_id"] != id {
		t.Fatalf("article.deleted %v", del)
	}
	o.byOwner(t, "article.deleted", 1)
}

// TestNoDeleteWhileBeingWritten: an article being written offers no
// Delete (the API refuses it until the writing ends), as it offers no
// Edit, and its edit page shows no form.
func TestNoDeleteWhileBeingWritten(t *testing.T) {
	env := testenv.Start(t) // its own stack: the armed fault holds the writing
	o := newOwner(t, env, "")
	env.Trial(t, o.Account, testenv.TestCardOK)
	id := o.newIdea(t, "Launch pads for beginners")
	page := o.site("/articles/" + id)
	env.ArmFault(t, "article_generation", 1) // the first attempt fails; its retry waits minutes
	form := o.open(t, page).Form(t, page+"/generate")
	o.Browser.Post(t, page+"/generate", form).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=generating")
	p := o.open(t, page, "Being written")
	if status := o.articleOf(t, id)["status"]; status != "generating" {
		t.Fatalf("status %v while the writing waits for its retry, want generating", status)
	}
	if p.HasForm(page+"/delete") || strings.Contains(p.Body, "Delete this article") {
		t.Fatalf("an article being written offers Delete, which the API refuses:\n%s", p.Body)
	}
	o.Client.Agent(t, "DELETE", "/sites/"+o.SiteID+"/articles/"+id, nil).ExpectError(t, http.StatusConflict, "conflict")
	// Its edit page, opened by its address, offers no form the API would
	// refuse either, and says why.
	edit := o.open(t, page+"/edit", "writing this article now")
	if edit.HasForm(page + "/edit") {
		t.Fatalf("the edit page of an article being written offers its form:\n%s", edit.Body)
	}
}
