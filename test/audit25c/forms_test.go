package audit25c

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// TestArticleEditRefusedWhileWritingKeepsTheText: README ("Owner
// dashboard", Forms): "A refused form comes back with the API's message
// next to its field and what was typed kept." The owner opens an
// article's edit page, writes its body, and meanwhile an agent (or the
// autopilot) starts writing the article: saving answers the API's 409
// ("The article is being written ..."). Before the fix the page came back
// as the edit page of an article being written, which shows no form: the
// owner's text was thrown away and the refusal's message was not shown.
// Now the form comes back with its alert and the text as typed.
func TestArticleEditRefusedWhileWritingKeepsTheText(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Seasoning a skillet", "status": "scheduled"})
	edit := o.SitePage("/articles/" + art + "/edit")
	c := chrome.New(t, env, o.Email)
	c.Open(edit)
	typed := "# Seasoning a skillet\n\nThe owner's own words, typed at length before saving."
	if err := chromedp.Do(c.Ctx, chromedp.SetValue(chromedp.CSS("#edit-body_markdown"), typed)); err != nil {
		t.Fatal(err)
	}
	env.ArmFault(t, "article_generation", 1) // its first attempt fails: the article stays being written
	o.API(t, "POST", "/sites/"+o.SiteID+"/articles/"+art+"/generate", nil, http.StatusAccepted)
	c.Click(`form[action="` + edit + `"] button[type=submit]`)
	c.Shoot(shotDir, "article-edit-refused-while-writing", 390)
	if text := c.Text(); !strings.Contains(text, "The article is being written") {
		t.Errorf("the refused save does not say why:\n%s", text)
	}
	if got := chrome.Eval[string](c, `(document.querySelector('#edit-body_markdown') || {}).value || ''`); got != typed {
		t.Errorf("the refused save kept %q of the owner's text, want %q", got, typed)
	}
}

// TestFormSentAgainWithOtherValuesSaysSoPlainly: README ("Owner
// dashboard", Forms): each form carries "a random form id sent as the
// request's Idempotency-Key, so a form sent twice has one effect", and
// "a message that tells an agent which endpoint to call ... names the page
// or button instead". A form sent again from the same page with other
// values (the first sending went through; the owner changed a field and
// pressed the button again) is refused by the API's idempotency rule.
// Before the fix the page said "This Idempotency-Key was already used
// with a different request. Use a new key for a new request.", words
// about a request header the owner never sees; now it says the form was
// already sent and what to do.
func TestFormSentAgainWithOtherValuesSaysSoPlainly(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	list := o.SitePage("/articles")
	form := o.Browser.Get(t, list).Expect(t, http.StatusOK).Form(t, list)
	form.Set("title", "First title")
	o.Browser.Post(t, list, form).Redirect(t, http.StatusSeeOther, env.URL+o.SitePage("/articles/"))
	form.Set("title", "Second title")
	p := o.Browser.Post(t, list, form)
	refusedPage(t, "the create form sent again with another title", p, http.StatusConflict, "This form was already sent")
	if !strings.Contains(p.Body, `value="Second title"`) {
		t.Errorf("the refused form does not keep the title typed:\n%s", p.Body)
	}
	// Sent again as it was (a double click), it has its one effect.
	form.Set("title", "First title")
	o.Browser.Post(t, list, form).Redirect(t, http.StatusSeeOther, env.URL+o.SitePage("/articles/"))
	var out struct{ Articles []struct{ Title string } }
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/articles?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	n := 0
	for _, a := range out.Articles {
		if a.Title == "First title" || a.Title == "Second title" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d articles from one form sent three times, want 1", n)
	}
}

// TestFinishedArticleEmptiedBodySaysWhatToDo: README ("Owner dashboard"):
// "a message that tells an agent which endpoint to call ... names the page
// or button instead". Emptying the body of a finished article on its edit
// page is refused (409: a finished article keeps a body). Before the fix
// the page said "send body_markdown with the new text", a request field
// the owner does not know; now it says to write the new text in the body.
func TestFinishedArticleEmptiedBodySaysWhatToDo(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Done", "body_markdown": "# Done\n\nSome text."})
	o.API(t, "POST", "/sites/"+o.SiteID+"/articles/"+art+"/finish", nil, http.StatusOK)
	edit := o.SitePage("/articles/" + art + "/edit")
	form := o.Browser.Get(t, edit).Expect(t, http.StatusOK).Form(t, edit)
	form.Set("body_markdown", "")
	refusedPage(t, "emptying a finished article's body", o.Browser.Post(t, edit, form), http.StatusConflict, "keeps a body")
}

// TestBacklinkTargetAddedTwiceSaysWhereToChangeIt: README ("Owner
// dashboard"): "a message that tells an agent which endpoint to call ...
// names the page or button instead". Adding a backlink target for a page
// that already is one is refused (409). Before the fix the page told the
// owner to "change it instead (PATCH .../backlinks/targets/<id>)"; now it
// points at the target in the page's list, and keeps what was typed.
func TestBacklinkTargetAddedTwiceSaysWhereToChangeIt(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	host := fmt.Sprintf("audit25c-%d.example", time.Now().UnixNano()%1_000_000_000)
	site := "/sites/" + o.SiteID
	o.API(t, "PATCH", site, map[string]any{"website_url": "https://" + host}, http.StatusOK)
	v := o.API(t, "POST", site+"/backlinks/domain", map[string]any{"domain": host}, http.StatusOK)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	o.API(t, "POST", site+"/backlinks/domain/verify", nil, http.StatusOK)
	o.API(t, "POST", site+"/backlinks/targets", map[string]any{"url": "https://" + host + "/rockets", "anchors": []string{"model rockets", "rocket kits", "launch pads"}}, http.StatusCreated)

	page, action := o.SitePage("/backlinks"), o.SitePage("/backlinks/targets")
	form := o.Browser.Get(t, page).Expect(t, http.StatusOK).Form(t, action)
	form.Set("url", "https://"+host+"/rockets")
	form.Set("anchors", "rocket kits for schools\nlaunch pads\nmodel rockets")
	p := o.Browser.Post(t, action, form)
	refusedPage(t, "a target added twice", p, http.StatusConflict, "already has a target for that URL")
	if !strings.Contains(p.Body, "rocket kits for schools") {
		t.Errorf("the refused form does not keep the link texts typed:\n%s", p.Body)
	}
}

// TestArticleRewriteRefusedAfterAnAgentChangedItSaysWhy: README ("Owner
// dashboard", Forms): "A refused form comes back with the API's message
// next to its field and what was typed kept." The owner opens an
// article's page to rewrite a section; meanwhile an agent empties its
// body (to have the service write it); the owner then sends the rewrite
// form. The API refuses (409: no body to rewrite yet). Before the fix the
// article's page came back with status 409 and without its rewrite form
// (an article without a body has none), so the refusal said nothing at
// all; now the page says why, in the dashboard's words, and links back to
// the article.
func TestArticleRewriteRefusedAfterAnAgentChangedItSaysWhy(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Skillet care", "body_markdown": "# Skillet care\n\n## Seasoning\n\nOil it thinly and bake it.\n"})
	href := o.SitePage("/articles/" + art)
	form := o.Browser.Get(t, href).Expect(t, http.StatusOK).Form(t, href+"/rewrite")
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/articles/"+art, map[string]any{"body_markdown": ""}, http.StatusOK)
	form.Set("instructions", "Shorter, with one tip per line")
	p := o.Browser.Post(t, href+"/rewrite", form)
	text := refusedPage(t, "rewriting a section of an article an agent emptied", p, http.StatusConflict, "no body to rewrite")
	if !strings.Contains(p.Body, `href="`+href+`"`) {
		t.Errorf("the refusal does not link back to the article:\n%s", text)
	}
}

// TestThreadDraftRefusedAfterAnAgentDismissedItSaysWhy: README ("Owner
// dashboard", Forms): "A refused form comes back with the API's message
// next to its field and what was typed kept", and "a message that tells
// an agent which endpoint to call ... names the page or button instead".
// The owner opens a forum thread's page to draft a reply; meanwhile an
// agent dismisses the thread; the owner then sends the draft form. The
// API refuses (409: the thread is dismissed). Before the fix the thread's
// page came back with status 409 and without its draft form (a dismissed
// thread has none), so the refusal said nothing; now the page says why,
// without the API's "(PATCH status new)", and links back to the thread.
func TestThreadDraftRefusedAfterAnAgentDismissedItSaysWhy(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	site := "/sites/" + o.SiteID
	id, _ := forumThread(t, env, o, "audit25cword")
	href := o.SitePage("/forum/threads/" + id)
	form := o.Browser.Get(t, href).Expect(t, http.StatusOK).Form(t, href+"/draft")
	o.API(t, "PATCH", site+"/forum/threads/"+id, map[string]any{"status": "dismissed"}, http.StatusOK)
	form.Set("instructions", "short")
	p := o.Browser.Post(t, href+"/draft", form)
	text := refusedPage(t, "drafting a reply to a thread an agent dismissed", p, http.StatusConflict, "This thread is dismissed", "Restore the thread")
	if !strings.Contains(p.Body, `href="`+href+`"`) {
		t.Errorf("the refusal does not link back to the thread:\n%s", text)
	}
}

// TestWebhookEveryEventAndOneMoreSaysWhichBoxToUntick: README ("Owner
// dashboard", Forms): "A refused form comes back with the API's message
// next to its field", in the dashboard's words. The form to add a webhook
// endpoint opens with "Every event" ticked; an owner who also ticks the
// one event they want is refused (422: every event must be the only
// choice). Before the fix the message next to Events said "\"*\" already
// means every event type and must be the only item": the API's code for
// every event, which the form never shows. Now it names the "Every event"
// box, and the boxes ticked stay ticked.
func TestWebhookEveryEventAndOneMoreSaysWhichBoxToUntick(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	page := "/dashboard/settings/webhooks"
	form := o.Browser.Get(t, page).Expect(t, http.StatusOK).Form(t, page)
	if form.Get("events") != "*" {
		t.Fatalf("the form opens with events %q, want Every event ticked", form["events"])
	}
	form.Set("url", "https://hooks.example.org/audit25c")
	form.Add("events", "article.published")
	p := o.Browser.Post(t, page, form)
	text := refusedPage(t, "Every event and one more ticked", p, http.StatusUnprocessableEntity, "“Every event” already means every event type")
	if strings.Contains(text, `"*"`) || strings.Contains(text, "“*”") {
		t.Errorf("the refusal names the API's code \"*\":\n%s", text)
	}
	if !strings.Contains(p.Body, `value="article.published" checked`) {
		t.Errorf("the refused form does not keep Article: published ticked:\n%s", p.Body)
	}
}

// TestPublishWithoutAddressSaysWhatToType: README ("Owner dashboard"):
// "a message that tells an agent which endpoint to call ... names the page
// or button instead". Recording an article's live address with the field
// left empty (or pushing with every platform unticked) is refused (422).
// Before the fix the message next to "Live address" read "is required:
// send url (the article's live address) and/or destinations (integration
// ids to push to)", the API's request fields; now it says what to type or
// tick.
func TestPublishWithoutAddressSaysWhatToType(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Done", "body_markdown": "# Done\n\nSome text."})
	o.API(t, "POST", "/sites/"+o.SiteID+"/articles/"+art+"/finish", nil, http.StatusOK)
	href := o.SitePage("/articles/" + art)
	form := o.Browser.Get(t, href).Expect(t, http.StatusOK).Form(t, href+"/publish")
	form.Set("url", "")
	text := refusedPage(t, "recording an empty live address", o.Browser.Post(t, href+"/publish", form), http.StatusUnprocessableEntity, "Live address is required: type the address where the article is live")
	for _, code := range []string{"send url", "destinations", "integration ids"} {
		if strings.Contains(text, code) {
			t.Errorf("the refusal names the API's request (%q):\n%s", code, text)
		}
	}
}

// TestPlanRefusalInAFormLinksToBilling: README ("Owner dashboard"):
// "`dashboard_url`, `action_url`, the public API's 402 sentence and the
// links in mails point at its pages", and a refused form comes back
// "with the API's message next to its field". A form the API refuses
// because the account has no plan (402 subscription_required: a new site
// key; the forum and backlink settings, paid_plan_required, are no longer
// offered without the paid plan: see audit29g) says "Start one on the
// Billing page". Before the fix that sentence
// stood in the form without a link (the refusal's own page, for buttons,
// had "Go to Billing"); now the form's alert links to the Billing page.
func TestPlanRefusalInAFormLinksToBilling(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	a.Client.WaitJob(t, a.ScanJob)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	o := &owner{Account: a, Browser: b}
	alert := regexp.MustCompile(`(?s)<p class="alert" role="alert"[^>]*>(.*?)</p>`)
	for _, c := range []struct{ name, page, action, field, value string }{
		{"new site key", o.SitePage("/integrations"), o.SitePage("/keys"), "name", "My CMS"},
	} {
		form := b.Get(t, c.page).Expect(t, http.StatusOK).Form(t, c.action)
		form.Set(c.field, c.value)
		p := b.Post(t, c.action, form)
		refusedPage(t, c.name+" without a plan", p, http.StatusPaymentRequired, "Billing page")
		m := alert.FindStringSubmatch(p.Body)
		if m == nil || !strings.Contains(m[1], `href="`) || !strings.Contains(m[1], "/dashboard/billing") {
			t.Errorf("%s without a plan: the form's alert does not link to the Billing page: %q", c.name, m)
		}
	}
}

// TestThreadSaveRefusedAfterItsReplyWasRecordedSaysWhy: README ("Owner
// dashboard", Forms): "A refused form comes back with the API's message".
// The owner opens a forum thread's page with a draft; meanwhile the reply
// is recorded (by an agent, or in another tab), so the thread is posted;
// the owner then presses "Save for later". The API refuses (409: a posted
// thread stays posted). Before the fix the thread's page came back with
// status 409 and nothing else: the buttons without fields (save, restore)
// have no form to show a refusal in. Now the refusal's page says why and
// links back to the thread.
func TestThreadSaveRefusedAfterItsReplyWasRecordedSaysWhy(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	site := "/sites/" + o.SiteID
	id, forumID := forumThread(t, env, o, "audit25csaved")
	draft := o.API(t, "POST", site+"/forum/threads/"+id+"/drafts", nil, http.StatusOK)["draft"].(map[string]any)["id"].(string)
	href := o.SitePage("/forum/threads/" + id)
	form := o.Browser.Get(t, href).Expect(t, http.StatusOK).Form(t, href, "status=saved")
	comment := env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": forumID, "body": "My reply"}).Expect(t, http.StatusOK).JSON(t)["permalink"].(string)
	o.API(t, "POST", site+"/forum/replies", map[string]any{"thread_id": id, "draft_id": draft, "permalink": comment}, http.StatusOK)
	p := o.Browser.Post(t, href, form)
	text := refusedPage(t, "saving a thread whose reply was recorded meanwhile", p, http.StatusConflict, "a reply to it is recorded")
	if !strings.Contains(p.Body, `href="`+href+`"`) {
		t.Errorf("the refusal does not link back to the thread:\n%s", text)
	}
}

// forumThread adds a fixture forum thread about word, turns forum presence
// on for o's site (with a brand name) and searches the forum, and returns
// the thread's id and its forum_id on the fixture forum.
func forumThread(t *testing.T, env *testenv.Env, o *owner, word string) (id, forumID string) {
	t.Helper()
	site := "/sites/" + o.SiteID
	th := env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do I keep " + word + " safe at school?", "body": "Any advice on " + word + "?", "up_votes": 5,
	}).Expect(t, http.StatusOK).JSON(t)
	o.API(t, "PATCH", site, map[string]any{"brand_name": "Acme Rockets"}, http.StatusOK)
	o.API(t, "PATCH", site+"/forum", map[string]any{"enabled": true, "topic_tags": []string{word}}, http.StatusOK)
	o.Client.WaitJob(t, o.API(t, "POST", site+"/forum/sweeps", nil, http.StatusAccepted)["job"].(map[string]any)["id"].(string))
	var threads struct{ Threads []struct{ ID string } }
	o.Client.Agent(t, "GET", site+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &threads)
	if len(threads.Threads) == 0 {
		t.Fatal("the forum search found no thread")
	}
	return threads.Threads[0].ID, th["forum_id"].(string)
}
