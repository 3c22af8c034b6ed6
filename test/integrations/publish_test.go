package integrations

import (
	"net/http"
	"testing"
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

	r.connect(t, "push_platform_1")
	for i, want := range []string{"created", "updated"} {
		out = r.api(t, "POST", path, body).Expect(t, http.StatusOK).JSON(t)
		o := out["results"].([]any)[0].(map[string]any)
		posts := r.fake.Posts()
		if o["destination"] != "push_platform_1" || o["result"] != want || len(posts) != 1 || o["url"] != posts[0].URL || posts[0].Writes != i+1 {
			t.Fatalf("publish %d: %v (posts %+v)", i+1, out, posts)
		}
	}
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
