package integrations

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestPublishPushesThroughTheIntegration: POST .../publish with
// destinations creates the post, then updates it; a failing platform is a
// failed outcome and puts the integration in error.
func TestPublishPushesThroughTheIntegration(t *testing.T) {
	r := newRig(t, "publish.example.com")
	a := r.written(t, "Published by hand")
	path := "/sites/" + r.acct.SiteID + "/articles/" + a["id"].(string) + "/publish"
	body := map[string]any{"destinations": []string{"push_platform_1"}}

	out := r.api(t, "POST", path, body).Expect(t, http.StatusOK).JSON(t)
	if o := out["results"].([]any)[0].(map[string]any); o["result"] != "failed" || o["error"].(map[string]any)["code"] != "conflict" {
		t.Fatalf("publish while not connected: %v", out)
	}
	dests := path[:len(path)-len("/publish")] + "/destinations"
	if d := r.api(t, "GET", dests, nil).Expect(t, http.StatusOK).JSON(t); len(d["destinations"].([]any)) != 0 || d["next_cursor"] != nil {
		t.Fatalf("destinations before any push: %v", d)
	}

	r.connect(t, "push_platform_1")
	for i, want := range []string{"created", "updated"} {
		out = r.api(t, "POST", path, body).Expect(t, http.StatusOK).JSON(t)
		o := out["results"].([]any)[0].(map[string]any)
		posts := r.fake.Posts()
		if o["destination"] != "push_platform_1" || o["result"] != want || len(posts) != 1 || o["url"] != posts[0].URL || posts[0].Writes != i+1 {
			t.Fatalf("publish %d: %v (posts %+v)", i+1, out, posts)
		}
	}
	// Where it is: the post's address on the platform, and when.
	d := r.api(t, "GET", dests, nil).Expect(t, http.StatusOK).JSON(t)["destinations"].([]any)
	if len(d) != 1 || d[0].(map[string]any)["destination"] != "push_platform_1" || d[0].(map[string]any)["url"] != r.fake.Posts()[0].URL || d[0].(map[string]any)["pushed_at"] == "" {
		t.Fatalf("destinations after pushing %v", d)
	}
	r.api(t, "GET", "/sites/"+r.acct.SiteID+"/articles/01a21c1c-be3b-7000-8000-000000000000/destinations", nil).Expect(t, http.StatusNotFound)
	// A sync afterwards has nothing to push.
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{0, 0, 1, 0, 0} {
		t.Fatalf("sync after publishing %v", res)
	}

	r.fake.FailWrites(http.StatusInternalServerError)
	out = r.api(t, "POST", path, body).Expect(t, http.StatusOK).JSON(t)
	o := out["results"].([]any)[0].(map[string]any)
	if o["result"] != "failed" || o["error"].(map[string]any)["code"] != "push_failed" {
		t.Fatalf("publish to a failing platform %v", out)
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "error" || got["last_error"] != "The push_platform_1 site answered HTTP 500: The site is read-only right now." {
		t.Fatalf("integration after a failed publish %v", got)
	}
}

// TestPublishToTwoSlowPlatformsAnswersInTime: the destinations of one
// publish are pushed at once, so two platforms that never answer cost one
// egress timeout (15 seconds), not two: the request answers within the
// endpoint function's 29 seconds instead of being cut off with a 5xx.
func TestPublishToTwoSlowPlatformsAnswersInTime(t *testing.T) {
	r := newRig(t, "slowpublish.example.com")
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: slow-activate").Expect(t, http.StatusOK)
	r.connect(t, "push_platform_1")
	r.connect(t, "push_platform_2")
	a := r.written(t, "Slow platforms")
	g := r.hold(t, 40*time.Second) // creates hang past the egress timeout

	start := time.Now()
	out := r.api(t, "POST", "/sites/"+r.acct.SiteID+"/articles/"+a["id"].(string)+"/publish",
		map[string]any{"destinations": []string{"push_platform_1", "push_platform_2"}}).Expect(t, http.StatusOK).JSON(t)
	took := time.Since(start)
	g.Release()
	results := out["results"].([]any)
	if len(results) != 2 {
		t.Fatalf("results %v", results)
	}
	for i, want := range []string{"push_platform_1", "push_platform_2"} {
		o := results[i].(map[string]any)
		if o["destination"] != want || o["result"] != "failed" || o["error"].(map[string]any)["code"] != "push_failed" {
			t.Fatalf("result %d: %v", i, o)
		}
	}
	if took > 25*time.Second {
		t.Fatalf("publish to two unanswering platforms took %v; the endpoint function stops at 29 s", took)
	}
}

// TestPublishPushNeedsWhatASyncNeeds: pushing is a trial-or-plan feature
// (the integration's requires, the sync's 402): once the trial's card
// check fails, POST .../publish still records a live URL, but its push is
// refused like a sync, with nothing sent to the platform.
func TestPublishPushNeedsWhatASyncNeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	host := "lapsedpush.example.com"
	r := &rig{env: env, acct: env.NewAccount(t, "https://"+host), fake: platformfake.New("Lapsed Blog", fakeToken), host: "cms." + host}
	srv := httptest.NewTLSServer(r.fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, r.host, srv.Listener.Addr().String())
	env.Trial(t, r.acct, "4000000000000101") // the trial card check fails at the next scheduled run
	r.connect(t, "push_platform_1")
	a := r.written(t, "Pushed without a plan")
	env.RunScheduled(t)
	r.api(t, "POST", r.path("push_platform_1")+"/sync", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	path := "/sites/" + r.acct.SiteID + "/articles/" + a["id"].(string) + "/publish"
	live := "https://" + host + "/blog/pushed-without-a-plan"
	out := r.api(t, "POST", path, map[string]any{"url": live, "destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK).JSON(t)
	results := out["results"].([]any)
	if len(results) != 2 || results[0].(map[string]any)["result"] != "recorded" {
		t.Fatalf("results %v", results)
	}
	if o := results[1].(map[string]any); o["result"] != "failed" || o["error"].(map[string]any)["code"] != "subscription_required" {
		t.Fatalf("push without a working trial: %v", o)
	}
	if posts := r.fake.Posts(); len(posts) != 0 {
		t.Fatalf("pushed %+v", posts)
	}
	if pf := r.acct.Client.Events(t, "article.publish_failed"); len(pf) != 1 || pf[0].Data["error"].(map[string]any)["code"] != "subscription_required" {
		t.Fatalf("article.publish_failed events %+v", pf)
	}
}
