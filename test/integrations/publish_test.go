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
