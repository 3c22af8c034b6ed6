package audit28h

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestDashboardPushFailureShowsResult: README "Publish" ("a failed push
// does not fail the request (its result is `failed` and
// `article.publish_failed` fires)", "the dashboard's article page shows
// it") and "Owner dashboard" (the person's twin of the agent API). The
// owner presses "Push now" on a finished article's page while the
// connected platform refuses writes: the API answers 200 with the push's
// result `failed` and an `error` object, and the page must say the push
// failed. Before the fix the dashboard read each result's `error` as a
// string, could not decode the answer's object there, and showed the
// error page (500) for a push the service had answered and recorded.
func TestDashboardPushFailureShowsResult(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	env.Trial(t, o.Account, testenv.TestCardOK)
	fake := connectFake(t, env, o.Account, "push_platform_1", "acme.com")
	fake.FailWrites(http.StatusInternalServerError)
	id := finished(t, o.Account, "Refused push")

	page := o.Browser.Get(t, o.SitePage("/articles/"+id)).Expect(t, http.StatusOK)
	action := o.SitePage("/articles/" + id + "/publish")
	form := page.Form(t, action, "destinations=push_platform_1")
	got := o.Browser.Post(t, action, form)
	if got.Status != http.StatusSeeOther {
		t.Fatalf("Push now to a platform refusing writes answered %d, want 303 to the article page with the push's result:\n%s", got.Status, textOf(got.Body))
	}
	shown := o.Browser.Get(t, got.Location).Expect(t, http.StatusOK)
	if !strings.Contains(textOf(shown.Body), "Push platform 1: failed") {
		t.Fatalf("article page after the push does not say it failed:\n%s", textOf(shown.Body))
	}
	if evs := o.Client.Events(t, "article.publish_failed"); len(evs) != 1 {
		t.Fatalf("article.publish_failed events %v, want one", evs)
	}
}

// TestDashboardPushRefusalSaysWhy: README "Publish" ("a connected
// integration's push result is `failed` with `subscription_required` (one
// not connected fails with `conflict`...)") and "Push integrations" (only
// a failed push to the platform sets `last_error` on the integration).
// The owner opens a finished article's page while push_platform_1 is
// connected, an agent disconnects it, and the owner presses "Push now":
// the push fails with `conflict` before any platform call, so the
// integration's page has no error to show. The article page must say why
// in its own words. Before the fix every failed push read "failed (the
// integration's page says why)", sending the owner to a page that says
// nothing about it.
func TestDashboardPushRefusalSaysWhy(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	env.Trial(t, o.Account, testenv.TestCardOK)
	connectFake(t, env, o.Account, "push_platform_1", "acme.com")
	id := finished(t, o.Account, "Pushed after disconnect")

	page := o.Browser.Get(t, o.SitePage("/articles/"+id)).Expect(t, http.StatusOK)
	action := o.SitePage("/articles/" + id + "/publish")
	form := page.Form(t, action, "destinations=push_platform_1")
	o.Client.Agent(t, "DELETE", "/sites/"+o.SiteID+"/integrations/push_platform_1", nil).Expect(t, http.StatusOK)
	got := o.Browser.Post(t, action, form)
	if got.Status != http.StatusSeeOther {
		t.Fatalf("Push now answered %d, want 303 to the article page with the push's result:\n%s", got.Status, textOf(got.Body))
	}
	text := textOf(o.Browser.Get(t, got.Location).Expect(t, http.StatusOK).Body)
	if strings.Contains(text, "the integration's page says why") || !strings.Contains(text, "Push platform 1: not pushed: the platform is not connected") {
		t.Fatalf("article page after a push refused for a disconnected platform does not say so:\n%s", text)
	}
}

// TestDashboardPushOfferedAfterFailedPush: README "Push integrations"
// (`status` `connected` or `error`: a failed push sets `status: error` and
// `last_error`, and the next push goes on with the same connection) and
// "Owner dashboard" (the person's twin of the agent API). After a push to
// push_platform_1 failed, the integration is in status `error` but still
// connected, and the API pushes to it again; the article page must still
// offer "Push now" for it, so the owner can try again once the platform
// is fixed. Before the fix the page offered only platforms in status
// `connected`, so one failed push took the form away.
func TestDashboardPushOfferedAfterFailedPush(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	env.Trial(t, o.Account, testenv.TestCardOK)
	fake := connectFake(t, env, o.Account, "push_platform_1", "acme.com")
	id := finished(t, o.Account, "Push again")
	fake.FailWrites(http.StatusServiceUnavailable)
	path := "/sites/" + o.SiteID + "/articles/" + id + "/publish"
	o.API(t, "POST", path, map[string]any{"destinations": []string{"push_platform_1"}}, http.StatusOK)
	if st := o.API(t, "GET", "/sites/"+o.SiteID+"/integrations/push_platform_1", nil, http.StatusOK)["integration"].(map[string]any)["status"]; st != "error" {
		t.Fatalf("integration status after a failed push %v, want error", st)
	}
	fake.FailWrites(0)

	page := o.Browser.Get(t, o.SitePage("/articles/"+id)).Expect(t, http.StatusOK)
	action := o.SitePage("/articles/" + id + "/publish")
	if !strings.Contains(page.Body, `name="destinations" value="push_platform_1"`) {
		t.Fatalf("article page offers no push to push_platform_1 after one failed push:\n%s", textOf(page.Body))
	}
	got := o.Browser.Post(t, action, page.Form(t, action, "destinations=push_platform_1"))
	text := textOf(o.Browser.Get(t, got.Location).Expect(t, http.StatusOK).Body)
	if !strings.Contains(text, "Push platform 1: created") {
		t.Fatalf("push again from the article page did not create the post:\n%s", text)
	}
}
