package audit29a

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestForumFixtureCommentsAddedAtOnceAreAllKept: DEV_HARNESS.md, "POST
// /_dev/forum/comments { "forum_id", "body" } adds a comment (as a person
// posting a reply) and returns { "permalink" }". Defect: the fixture
// rewrote the whole thread for each comment and gave up after five lost
// races, so of 16 replies posted to one thread at once (people, or
// parallel tests, replying to the same popular thread) about a quarter
// answered 409 "The fixture thread kept changing; retry." and were not
// added. Each reply now waits its turn: every one answers 200 with a
// permalink of its own.
func TestForumFixtureCommentsAddedAtOnceAreAllKept(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	var thread struct {
		ForumID string `json:"forum_id"`
	}
	c.Do(t, "POST", "/_dev/forum/threads", map[string]any{"subforum": "rockets", "title": "Which launch pad for a school club?"}).
		Expect(t, http.StatusOK).Decode(t, &thread)
	const n = 16
	rs := testenv.AtOnce(n, func(i int) *testenv.Response {
		return c.Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": thread.ForumID, "body": fmt.Sprintf("Reply number %d.", i)})
	})
	seen := map[string]bool{}
	for i, r := range rs {
		if r.Status != http.StatusOK {
			t.Errorf("reply %d of %d posted at once: %d, want 200: %s", i, n, r.Status, r.Body)
			continue
		}
		var out struct {
			Permalink string `json:"permalink"`
		}
		r.Decode(t, &out)
		if out.Permalink == "" || seen[out.Permalink] {
			t.Errorf("reply %d: permalink %q, want one of its own", i, out.Permalink)
		}
		seen[out.Permalink] = true
	}
	// Each is there to be marked removed.
	for p := range seen {
		c.Do(t, "PATCH", "/_dev/forum/comments", map[string]any{"permalink": p, "state": "removed"}).Expect(t, http.StatusOK)
	}
}
