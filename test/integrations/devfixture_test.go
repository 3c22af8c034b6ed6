package integrations

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
)

// TestDevStackFixturePlatform connects to the dev stack's own fixture
// platform site and reads what a sync pushed through /_dev/platform/posts.
func TestDevStackFixturePlatform(t *testing.T) {
	r := newRig(t, "devfixture.example.com")
	page := r.connectURL(t, "push_platform_1")
	r.env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://" + platformfake.DevHost, "api_token": platformfake.DevToken}).Expect(t, http.StatusOK)
	a := r.written(t, "Dev fixture post")
	if res := result(t, r.sync(t, "push_platform_1")); counts(res) != [5]float64{1, 0, 0, 0, 0} {
		t.Fatalf("sync %v", res)
	}
	var out struct{ Posts []platformfake.Post }
	r.env.Client().Do(t, "GET", "/_dev/platform/posts", nil).Expect(t, http.StatusOK).Decode(t, &out)
	found := false
	for _, p := range out.Posts {
		found = found || (p.Title == "Dev fixture post" && p.Slug == a["slug"] && strings.HasPrefix(p.URL, "https://"+platformfake.DevHost+"/blog/"))
	}
	if !found {
		t.Fatalf("posts %+v", out.Posts)
	}
}
