package integrations

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func result(t *testing.T, job map[string]any) map[string]any {
	t.Helper()
	if job["status"] != "completed" {
		t.Fatalf("sync job %v", job)
	}
	return job["result"].(map[string]any)
}

func counts(res map[string]any) [5]float64 {
	return [5]float64{res["created"].(float64), res["updated"].(float64), res["unchanged"].(float64), res["failed"].(float64), res["skipped"].(float64)}
}

// TestSyncPushesMissingAndChanged pushes every finished article once,
// leaves unchanged ones alone, updates changed ones, and recreates a post
// deleted on the platform.
func TestSyncPushesMissingAndChanged(t *testing.T) {
	r := newRig(t, "sync.example.com")
	r.connect(t, "push_platform_1")
	r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"default_status": "publish", "category": "guides"}).Expect(t, http.StatusOK)
	first, second := r.written(t, "First post"), r.written(t, "Second post")
	r.api(t, "POST", "/sites/"+r.acct.SiteID+"/articles", map[string]any{"title": "Only an idea"}).Expect(t, http.StatusCreated)

	res := result(t, r.sync(t, "push_platform_1"))
	if counts(res) != [5]float64{2, 0, 0, 0, 0} || res["integration_id"] != "push_platform_1" {
		t.Fatalf("first sync %v", res)
	}
	posts := r.fake.Posts()
	if len(posts) != 2 || posts[0].Title != "First post" || posts[1].Title != "Second post" {
		t.Fatalf("posts %+v", posts)
	}
	p := posts[0]
	if p.Platform != "push_platform_1" || p.Status != "publish" || p.Slug != first["slug"] || p.Excerpt != "About First post" ||
		!strings.Contains(p.HTML, "<strong>bold</strong>") || p.Markdown != first["body_markdown"] ||
		len(p.Tags) != 1 || p.Tags[0] != "guide" || p.Category == nil || *p.Category != "guides" || p.Author != nil {
		t.Fatalf("pushed post %+v", p)
	}
	evs := r.acct.Client.Events(t, "article.published")
	if len(evs) != 2 {
		t.Fatalf("article.published events %+v", evs)
	}
	for i, a := range []map[string]any{first, second} {
		want := map[string]any{"article_id": a["id"], "source": "push_platform_1", "result": "created", "url": posts[i].URL}
		for k, v := range want {
			if evs[i].Data[k] != v {
				t.Fatalf("event %d: %v, want %v", i, evs[i].Data, want)
			}
		}
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "connected" || got["last_sync_at"] == nil || got["last_error"] != nil {
		t.Fatalf("integration after the sync %v", got)
	}

	// Nothing changed: nothing is pushed.
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{0, 0, 2, 0, 0} {
		t.Fatalf("second sync %v", res)
	}
	// A retitled article is updated in place.
	r.api(t, "PATCH", "/sites/"+r.acct.SiteID+"/articles/"+second["id"].(string), map[string]any{"title": "Second post, revised"}).Expect(t, http.StatusOK)
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{0, 1, 1, 0, 0} {
		t.Fatalf("sync after a change %v", res)
	}
	posts = r.fake.Posts()
	if len(posts) != 2 || posts[1].Title != "Second post, revised" || posts[1].Writes != 2 || !strings.HasPrefix(posts[1].Slug, "second-post-revised-") {
		t.Fatalf("posts after the update %+v", posts)
	}
	if evs := r.acct.Client.Events(t, "article.published"); len(evs) != 3 || evs[2].Data["result"] != "updated" {
		t.Fatalf("events after the update %+v", evs)
	}
	// A settings change pushes everything again.
	r.api(t, "PATCH", r.path("push_platform_1"), map[string]any{"default_status": "draft"}).Expect(t, http.StatusOK)
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{0, 2, 0, 0, 0} {
		t.Fatalf("sync after a settings change %v", res)
	}
	// A post deleted on the platform is created again when it changes.
	r.fake.Remove(posts[0].ID)
	r.api(t, "PATCH", "/sites/"+r.acct.SiteID+"/articles/"+first["id"].(string), map[string]any{"title": "First post again"}).Expect(t, http.StatusOK)
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{1, 0, 1, 0, 0} {
		t.Fatalf("sync after a remote deletion %v", res)
	}
	if posts := r.fake.Posts(); len(posts) != 2 || posts[1].Title != "First post again" {
		t.Fatalf("posts after recreating %+v", posts)
	}
}

// TestSyncErrorsAreRecorded: failed pushes put the integration in error
// with last_error and events; a refused token stops the sync and fails
// the job; fixing it returns the integration to connected.
func TestSyncErrorsAreRecorded(t *testing.T) {
	r := newRig(t, "errors.example.com")
	r.connect(t, "push_platform_1")
	a := r.written(t, "Will fail")
	r.written(t, "Will fail too")

	r.fake.FailWrites(http.StatusServiceUnavailable)
	res := result(t, r.sync(t, "push_platform_1"))
	if counts(res) != [5]float64{0, 0, 0, 2, 0} {
		t.Fatalf("failing sync %v", res)
	}
	wantMsg := "The push_platform_1 site answered HTTP 503: The site is read-only right now."
	errs := res["errors"].([]any)
	if len(errs) != 2 || errs[0].(map[string]any)["article_id"] != a["id"] || errs[0].(map[string]any)["message"] != wantMsg {
		t.Fatalf("errors %v", errs)
	}
	got := r.integration(t, "push_platform_1")
	if got["status"] != "error" || got["last_error"] != wantMsg || got["last_error_at"] == nil || got["last_sync_at"] == nil {
		t.Fatalf("integration after failures %v", got)
	}
	ie := r.acct.Client.Events(t, "integration.error")
	if len(ie) != 1 || ie[0].Data["integration"].(map[string]any)["last_error"] != wantMsg {
		t.Fatalf("integration.error events %+v", ie)
	}
	pf := r.acct.Client.Events(t, "article.publish_failed")
	if len(pf) != 2 || pf[0].Data["article_id"] != a["id"] || pf[0].Data["destination"] != "push_platform_1" ||
		pf[0].Data["error"].(map[string]any)["code"] != "push_failed" || pf[0].Data["error"].(map[string]any)["message"] != wantMsg {
		t.Fatalf("article.publish_failed events %+v", pf)
	}

	// A refused token: the first push fails, the rest are skipped, the job fails.
	r.fake.FailWrites(0)
	r.fake.SetToken("rotated")
	job := r.sync(t, "push_platform_1")
	jerr, _ := job["error"].(map[string]any)
	if job["status"] != "failed" || jerr["code"] != "push_failed" || !strings.Contains(jerr["message"].(string), "refused the API token") {
		t.Fatalf("job with a refused token %v", job)
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "error" || !strings.Contains(got["last_error"].(string), "refused the API token") {
		t.Fatalf("integration with a refused token %v", got)
	}
	if n := len(r.acct.Client.Events(t, "article.publish_failed")); n != 3 {
		t.Fatalf("%d article.publish_failed events, want 3 (one per tried article)", n)
	}

	r.fake.SetToken(fakeToken)
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{2, 0, 0, 0, 0} {
		t.Fatalf("sync after the fix %v", res)
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "connected" {
		t.Fatalf("integration after the fix %v", got)
	}
}

// TestDisconnect forgets the connection, and the error its last push
// left with it: a new one pushes afresh.
func TestDisconnect(t *testing.T) {
	r := newRig(t, "disconnect.example.com")
	r.connect(t, "push_platform_1")
	r.written(t, "Pushed once")
	result(t, r.sync(t, "push_platform_1"))
	r.written(t, "Failed once")
	r.fake.FailWrites(http.StatusServiceUnavailable)
	result(t, r.sync(t, "push_platform_1"))
	r.fake.FailWrites(0)
	if got := r.integration(t, "push_platform_1"); got["status"] != "error" || got["last_error"] == nil {
		t.Fatalf("integration after a failed push %v", got)
	}

	got := r.api(t, "DELETE", r.path("push_platform_1"), nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	if got["status"] != "not_connected" || got["site_url"] != nil || got["remote_site_name"] != nil || got["connected_at"] != nil ||
		got["last_error"] != nil || got["last_error_at"] != nil {
		t.Fatalf("disconnected %v", got)
	}
	evs := r.acct.Client.Events(t, "integration.disconnected")
	if len(evs) != 1 || evs[0].Data["integration"].(map[string]any)["status"] != "not_connected" {
		t.Fatalf("integration.disconnected events %+v", evs)
	}
	r.api(t, "POST", r.path("push_platform_1")+"/sync", nil).ExpectError(t, http.StatusConflict, "conflict")
	again := r.api(t, "DELETE", r.path("push_platform_1"), nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	if again["status"] != "not_connected" || len(r.acct.Client.Events(t, "integration.disconnected")) != 1 {
		t.Fatalf("second disconnect %v", again)
	}

	r.connect(t, "push_platform_1")
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{2, 0, 0, 0, 0} {
		t.Fatalf("sync on a new connection %v", res)
	}
}

// TestPlatform2OnThePaidPlan connects and syncs the add-on platform.
func TestPlatform2OnThePaidPlan(t *testing.T) {
	r := newRig(t, "addon.example.com")
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: addon-activate").Expect(t, http.StatusOK)
	if got := r.integration(t, "push_platform_2"); got["available"] != true {
		t.Fatalf("push_platform_2 on the paid plan %v", got)
	}
	r.connect(t, "push_platform_2")
	r.api(t, "PATCH", r.path("push_platform_2"), map[string]any{"default_status": "publish", "author": "editor"}).Expect(t, http.StatusOK)
	a := r.written(t, "Add-on post")
	if res := result(t, r.sync(t, "push_platform_2")); counts(res) != [5]float64{1, 0, 0, 0, 0} {
		t.Fatalf("push_platform_2 sync %v", res)
	}
	posts := r.fake.Posts()
	if len(posts) != 1 || posts[0].Platform != "push_platform_2" || posts[0].Status != "published" || posts[0].Title != "Add-on post" ||
		posts[0].Author == nil || *posts[0].Author != "editor" || posts[0].Excerpt != "About Add-on post" {
		t.Fatalf("posts %+v", posts)
	}
	evs := r.acct.Client.Events(t, "article.published")
	if len(evs) != 1 || evs[0].Data["source"] != "push_platform_2" || evs[0].Data["article_id"] != a["id"] {
		t.Fatalf("events %+v", evs)
	}
}

// TestReconnectWithANewTokenKeepsThePosts: a refused token's sentence
// says to reconnect; doing so for the same site keeps the connection, so
// the next sync updates nothing it already pushed instead of creating
// every post again. Connecting another site starts afresh there.
func TestReconnectWithANewTokenKeepsThePosts(t *testing.T) {
	r := newRig(t, "reconnect.example.com")
	r.connect(t, "push_platform_1")
	a := r.written(t, "Pushed before the new token")
	result(t, r.sync(t, "push_platform_1"))

	r.fake.SetToken("rotated-token")
	page := r.connectURL(t, "push_platform_1")
	r.env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://" + r.host + "/", "api_token": "rotated-token"}).Expect(t, http.StatusOK)
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{0, 0, 1, 0, 0} {
		t.Fatalf("sync after a new token for the same site %v", res)
	}
	if posts := r.fake.Posts(); len(posts) != 1 || posts[0].Writes != 1 {
		t.Fatalf("posts after reconnecting %+v", posts)
	}
	path := "/sites/" + r.acct.SiteID + "/articles/" + a["id"].(string)
	if d := r.api(t, "GET", path+"/destinations", nil).Expect(t, http.StatusOK).JSON(t)["destinations"].([]any); len(d) != 1 {
		t.Fatalf("destinations after reconnecting %v", d)
	}
	out := r.api(t, "POST", path+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK).JSON(t)
	if o := out["results"].([]any)[0].(map[string]any); o["result"] != "updated" || len(r.fake.Posts()) != 1 {
		t.Fatalf("publish after reconnecting %v", o)
	}

	// Another site is another connection: everything goes there anew.
	other := "other." + r.host
	srv := httptest.NewTLSServer(r.fake)
	t.Cleanup(srv.Close)
	r.env.SetHost(t, other, srv.Listener.Addr().String())
	page = r.connectURL(t, "push_platform_1")
	r.env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://" + other, "api_token": "rotated-token"}).Expect(t, http.StatusOK)
	if d := r.api(t, "GET", path+"/destinations", nil).Expect(t, http.StatusOK).JSON(t)["destinations"].([]any); len(d) != 0 {
		t.Fatalf("destinations on another site %v", d)
	}
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{1, 0, 0, 0, 0} {
		t.Fatalf("sync to another site %v", res)
	}
}
