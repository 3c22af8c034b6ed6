package audit24b

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// endJob polls job id, moving the service clock past each retry's wait,
// until it has completed or failed, and returns it.
func endJob(t *testing.T, env *testenv.Env, c *testenv.Client, id string) map[string]any {
	t.Helper()
	for i := 0; i < 20; i++ {
		j := c.Agent(t, "GET", "/jobs/"+id+"?wait=2", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if j["status"] == "completed" || j["status"] == "failed" {
			return j
		}
		env.Advance(t, 60)
		env.RunScheduled(t)
	}
	t.Fatalf("job %s never ended", id)
	return nil
}

// TestTypedMarkupInTheBriefDoesNotStopWriting: README "Articles",
// "Generate": "Ideas and scheduled articles without a body can be
// generated" and "On success the article is finished"; "A model failure
// (a draft with an image counts as one) is retried". A title, brand name
// and product description are one-line or plain text the API accepts with
// any characters, and the offline writer pasted them into the Markdown it
// wrote: a title holding "![diagram](...)" or a description holding an
// <img> tag became an image in the draft, so every attempt counted as a
// model failure and the job failed with generation_failed ("try again
// later", which never helps). The writer now writes them as text: the
// job completes, the body holds no image, and the words read as typed.
func TestTypedMarkupInTheBriefDoesNotStopWriting(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Trial(t, acct, testenv.TestCardOK)
	c := acct.Client
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{
		"brand_name":          "Acme <img src=x> Rockets",
		"product_description": `We sell rocket kits. Our logo: <img src="https://acme.com/logo.png">.`,
	}).Expect(t, http.StatusOK)
	title := "Fins ![diagram](https://acme.com/fins.png) [guide]"
	a := c.Agent(t, "POST", articles(acct), map[string]any{"title": title, "keyword": "rocket fins"}).Expect(t, http.StatusCreated).Article(t)
	path := articles(acct) + "/" + a["id"].(string)
	job := c.Agent(t, "POST", path+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)

	if done := endJob(t, env, c, job["id"].(string)); done["status"] != "completed" {
		t.Fatalf("generation of an article titled %q: %v", title, done)
	}
	a = c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)
	html, _ := a["body_html"].(string)
	if a["status"] != "finished" || strings.Contains(strings.ToLower(html), "<img") {
		t.Fatalf("status %v, body_html with an image: %s", a["status"], html)
	}
	// (GFM links the bare address in the title; the rest reads as typed.)
	for _, typed := range []string{"<h1>Fins ![diagram](", "fins.png</a>) [guide]</h1>", "Acme &lt;img src=x&gt; Rockets", "&lt;img src=&quot;https://acme.com/logo.png&quot;&gt;"} {
		if !strings.Contains(html, typed) {
			t.Errorf("body_html does not show %q as typed:\n%s", typed, html)
		}
	}
}

// TestWrittenArticleCitesThePublishedAddressWhole: README "Articles",
// "Generate": the job writes "citing only the site's home page and its
// published articles". A published URL may hold a ")" (the live-URL rules
// accept one), and the offline writer put it bare into a Markdown link,
// which ended at that ")": the article cited https://acme.com/guide, a
// page the site never reported, and left "x)" as text. The link now leads
// to the address as reported.
func TestWrittenArticleCitesThePublishedAddressWhole(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Trial(t, acct, testenv.TestCardOK)
	c := acct.Client
	live := "https://acme.com/guide)x"
	done := c.Agent(t, "POST", articles(acct), map[string]any{
		"title": "Rocket fins explained", "keyword": "rocket fins", "body_markdown": "# Rocket fins explained\n\nFins keep a rocket straight.\n",
	}).Expect(t, http.StatusCreated).Article(t)
	donePath := articles(acct) + "/" + done["id"].(string)
	c.Agent(t, "POST", donePath+"/finish", nil).Expect(t, http.StatusOK)
	if got := c.Agent(t, "POST", donePath+"/publish", map[string]any{"url": live}).Expect(t, http.StatusOK).Article(t)["published_url"]; got != live {
		t.Fatalf("published_url %v, want %s", got, live)
	}

	a := c.Agent(t, "POST", articles(acct), map[string]any{"title": "Choosing rocket fins", "keyword": "rocket fins"}).Expect(t, http.StatusCreated).Article(t)
	path := articles(acct) + "/" + a["id"].(string)
	job := c.Agent(t, "POST", path+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := endJob(t, env, c, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("generation: %v", j)
	}
	html := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)["body_html"].(string)
	if !strings.Contains(html, `href="https://acme.com/guide)x"`) && !strings.Contains(html, `href="https://acme.com/guide%29x"`) {
		t.Fatalf("the article does not link %s:\n%s", live, html)
	}
	if strings.Contains(html, `href="https://acme.com/guide"`) {
		t.Fatalf("the article links https://acme.com/guide, which the site never reported:\n%s", html)
	}
}
