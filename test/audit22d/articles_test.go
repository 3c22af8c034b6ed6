// Package audit22d holds black-box tests, over HTTP against a dev stack,
// of the agent API's articles and site keys and of the public articles API
// (the README's API notes "Objects the spec does not show", "Articles",
// "Site keys and the public articles API" and "Events", and
// public-articles-api.md): each one shows a defect an audit found (in the
// service, or a README sentence the service rightly contradicted) and
// that its fix holds. Each test starts its own stack with the background
// scheduler off, so time moves and scheduled work runs only when the test
// says.
package audit22d

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// wantEmptyTags fails unless a's tags are an empty list, not null.
func wantEmptyTags(t *testing.T, what string, a map[string]any) {
	t.Helper()
	if tags, ok := a["tags"].([]any); !ok || len(tags) != 0 {
		t.Fatalf("%s: tags = %#v, want [] (as GET shows them)", what, a["tags"])
	}
}

// TestAnswerThatChangesNothingShowsTagsAsAList: an article without tags
// shows "tags": [] in GET, and so must every other answer about it. A PATCH
// that changes nothing (an empty one, or body_markdown null on an idea
// whose body is already empty) and a publish of the live URL already on
// file answered "tags": null for the same article (the Article object
// lists tags as "string[] or null", but the service never stores null:
// the same article read twice must not change shape).
func TestAnswerThatChangesNothingShowsTagsAsAList(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	base := "/sites/" + acct.SiteID + "/articles"

	idea := c.Agent(t, "POST", base, map[string]any{"title": "No tags here"}).Expect(t, http.StatusCreated).Article(t)
	path := base + "/" + idea["id"].(string)
	wantEmptyTags(t, "POST", idea)
	wantEmptyTags(t, "GET", c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t))
	wantEmptyTags(t, "empty PATCH", c.Agent(t, "PATCH", path, map[string]any{}).Expect(t, http.StatusOK).Article(t))
	wantEmptyTags(t, "PATCH body_markdown null on an empty body",
		c.Agent(t, "PATCH", path, map[string]any{"body_markdown": nil}).Expect(t, http.StatusOK).Article(t))
	wantEmptyTags(t, "PATCH with the title it has",
		c.Agent(t, "PATCH", path, map[string]any{"title": "No tags here"}).Expect(t, http.StatusOK).Article(t))

	fin := c.Agent(t, "POST", base, map[string]any{"title": "Done", "body_markdown": "# Done\n\nWords."}).Expect(t, http.StatusCreated).Article(t)
	fpath := base + "/" + fin["id"].(string)
	c.Agent(t, "POST", fpath+"/finish", nil).Expect(t, http.StatusOK)
	live := map[string]any{"url": "https://acme.com/blog/done"}
	wantEmptyTags(t, "first publish", c.Agent(t, "POST", fpath+"/publish", live).Expect(t, http.StatusOK).Article(t))
	wantEmptyTags(t, "publish of the URL on file", c.Agent(t, "POST", fpath+"/publish", live).Expect(t, http.StatusOK).Article(t))
}

// results returns the "results" of a publish answer.
func results(t *testing.T, r *testenv.Response) []map[string]any {
	t.Helper()
	var out struct {
		Results []map[string]any `json:"results"`
	}
	r.Decode(t, &out)
	return out.Results
}

// failedWith fails unless o is a failed outcome of destination with code.
func failedWith(t *testing.T, o map[string]any, destination, code string) {
	t.Helper()
	e, _ := o["error"].(map[string]any)
	if o["destination"] != destination || o["result"] != "failed" || o["url"] != nil || e["code"] != code || e["message"] == "" {
		t.Fatalf("outcome %v, want %s failed with %s", o, destination, code)
	}
}

// TestPushWithoutAPlanSaysWhatStopsIt: the README said a push without a
// trial or plan fails "with subscription_required", but the service checks
// the integration first: one not connected fails with conflict and
// push_platform_2 (not open to a trial or no plan) with
// integration_unavailable, whatever the plan; only a connected
// integration's push reports subscription_required once the plan stops
// covering the site (here a failed trial card check). The README now says
// so. Recording the URL works throughout.
func TestPushWithoutAPlanSaysWhatStopsIt(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	base := "/sites/" + acct.SiteID + "/articles"
	a := c.Agent(t, "POST", base, map[string]any{"title": "Pushed", "body_markdown": "# Pushed\n\nWords."}).Expect(t, http.StatusCreated).Article(t)
	path := base + "/" + a["id"].(string)
	c.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK)
	both := []string{"push_platform_1", "push_platform_2"}

	out := results(t, c.Agent(t, "POST", path+"/publish", map[string]any{"url": "https://acme.com/a", "destinations": both}).Expect(t, http.StatusOK))
	if len(out) != 3 || out[0]["destination"] != "url" || out[0]["result"] != "recorded" {
		t.Fatalf("results without a plan = %v", out)
	}
	failedWith(t, out[1], "push_platform_1", "conflict")
	failedWith(t, out[2], "push_platform_2", "integration_unavailable")

	// A trial whose card check will fail: connect the dev stack's fixture
	// platform and push while the trial covers the site.
	env.Trial(t, acct, "4000000000000101")
	integ := "/sites/" + acct.SiteID + "/integrations/push_platform_1"
	link := c.Agent(t, "POST", integ+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://platform.example.com", "api_token": "dev-platform-token"}).Expect(t, http.StatusOK)
	out = results(t, c.Agent(t, "POST", path+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK))
	if len(out) != 1 || out[0]["result"] != "created" {
		t.Fatalf("push on the trial = %v", out)
	}

	env.RunScheduled(t) // the trial card check fails
	out = results(t, c.Agent(t, "POST", path+"/publish", map[string]any{"url": "https://acme.com/b", "destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK))
	if len(out) != 2 || out[0]["result"] != "recorded" {
		t.Fatalf("results after the card check failed = %v", out)
	}
	failedWith(t, out[1], "push_platform_1", "subscription_required")
	c.Agent(t, "POST", integ+"/sync", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
}

// TestLongTitleSlugKeepsEightyCharactersOfWords: the README said the slug
// is "the title in lowercase ASCII words plus the first 8 characters of
// the id", but the words are cut to their first 80 characters (a trailing
// hyphen dropped), so a long title's slug is not all of its words. The
// README now says so; the agent API and the public API show the same slug.
func TestLongTitleSlugKeepsEightyCharactersOfWords(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	env.Trial(t, acct, testenv.TestCardOK)
	s := "/sites/" + acct.SiteID
	title := strings.TrimSpace(strings.Repeat("Café crème ", 18)) // 197 characters
	a := c.Agent(t, "POST", s+"/articles", map[string]any{"title": title, "body_markdown": "# T\n\nWords."}).Expect(t, http.StatusCreated).Article(t)
	id := a["id"].(string)
	words := strings.Repeat("cafe-creme-", 18) // the title's words, folded
	want := strings.TrimSuffix(words[:80], "-") + "-" + id[:8]
	if a["slug"] != want {
		t.Fatalf("slug = %v, want %s", a["slug"], want)
	}
	c.Agent(t, "POST", s+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	key := c.Agent(t, "POST", s+"/keys", nil).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	if got := env.Client().As(key).Do(t, "GET", "/api/public/v1/articles/"+id, nil).Expect(t, http.StatusOK).Article(t); got["slug"] != want {
		t.Fatalf("public slug = %v, want %s", got["slug"], want)
	}
}
