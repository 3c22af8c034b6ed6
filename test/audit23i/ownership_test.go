package audit23i

import (
	"net/http"
	"testing"
)

// TestAnotherAccountsForumIdsAnswerNotFound: spec 4.1's rule that another
// account's resources answer 404 like unknown ones, applied to forum
// presence (spec 4.8): a paid account that names another account's
// thread or draft on its own site (get, save, draft, edit, record a reply
// with it) gets 404 not_found with the very body a random id gets, and
// nothing of the other account's thread changes.
func TestAnotherAccountsForumIdsAnswerNotFound(t *testing.T) {
	r := forumRig(t)
	d := r.Acct.Client.Agent(t, "POST", r.Base+"/threads/"+r.thread+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	draftID := d["id"].(string)
	other := r.Env.NewAccount(t, "")
	r.Env.PaidPlan(t, other)
	mine := "/sites/" + other.SiteID + "/forum"
	const random = "0190a3c4-0000-7000-8000-0000000000aa"
	for _, call := range []struct {
		method, path, randomPath string
		body, randomBody         map[string]any
	}{
		{"GET", "/threads/" + r.thread, "/threads/" + random, nil, nil},
		{"PATCH", "/threads/" + r.thread, "/threads/" + random, map[string]any{"status": "dismissed"}, map[string]any{"status": "dismissed"}},
		{"POST", "/threads/" + r.thread + "/drafts", "/threads/" + random + "/drafts", nil, nil},
		{"PATCH", "/drafts/" + draftID, "/drafts/" + random, map[string]any{"edited_body": "Mine now."}, map[string]any{"edited_body": "Mine now."}},
		{"POST", "/replies", "/replies", map[string]any{"thread_id": r.thread, "draft_id": draftID}, map[string]any{"thread_id": random, "draft_id": random}},
	} {
		theirs := other.Client.Agent(t, call.method, mine+call.path, call.body).Expect(t, http.StatusNotFound)
		unknown := other.Client.Agent(t, call.method, mine+call.randomPath, call.randomBody).Expect(t, http.StatusNotFound)
		if string(theirs.Body) != string(unknown.Body) {
			t.Errorf("%s %s: another account's id answers %s, a random id %s", call.method, call.path, theirs.Body, unknown.Body)
		}
	}
	th := r.Acct.Client.Agent(t, "GET", r.Base+"/threads/"+r.thread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	if th["status"] != "drafted" || th["reply"] != nil || th["draft"].(map[string]any)["edited_body"] != nil || th["draft"].(map[string]any)["regen_count"] != 0.0 {
		t.Errorf("the owner's thread changed: status %v, reply %v, draft %v", th["status"], th["reply"], th["draft"])
	}
}
