package audit23i

import (
	"net/http"
	"testing"
)

// TestPermalinkMustBeOnTheForumsPublicHost: spec 4.8, POST
// /sites/{site_id}/forum/replies: "permalink (optional; a link on the
// forum's public host to a comment in that thread ...)", and README
// "Forum presence": "The permalink must be a comment link on the forum's
// public host in that thread (422 otherwise)". A link that carries a user
// name or password before the host, or names a port other than the
// scheme's own, is not a link on the forum's public host (the stored
// permalink is what the dashboard opens and the replies list shows): it
// answers 422 on permalink and records nothing, while the plain comment
// link (with a query, as the forum's share links carry) is recorded.
func TestPermalinkMustBeOnTheForumsPublicHost(t *testing.T) {
	r := forumRig(t)
	c, base := r.Acct.Client, r.Base
	d := c.Agent(t, "POST", base+"/threads/"+r.thread+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	comment := "/r/freelance/comments/" + r.ForumID + "/x/c9x/"
	for _, bad := range []string{
		"https://someone@forum.example.com" + comment,
		"https://someone:secret@forum.example.com" + comment,
		"https://forum.example.com:8443" + comment,
		"http://forum.example.com:443" + comment,
	} {
		e := c.Agent(t, "POST", base+"/replies", map[string]any{"thread_id": r.thread, "draft_id": d["id"], "permalink": bad}).
			ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if det, _ := e["details"].([]any); len(det) != 1 || det[0].(map[string]any)["field"] != "permalink" {
			t.Errorf("permalink %q: details %v, want one problem on permalink", bad, e["details"])
		}
	}
	var list struct{ Replies []map[string]any }
	c.Agent(t, "GET", base+"/replies", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Replies) != 0 {
		t.Fatalf("replies recorded from refused permalinks: %v", list.Replies)
	}
	good := "https://forum.example.com:443" + comment + "?context=3"
	rep := c.Agent(t, "POST", base+"/replies", map[string]any{"thread_id": r.thread, "draft_id": d["id"], "permalink": good}).
		Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	if rep["status"] != "posted" || rep["permalink"] != good {
		t.Errorf("reply %v, want posted with permalink %s", rep, good)
	}
}
