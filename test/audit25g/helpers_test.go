package audit25g

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// rig is one paid account whose primary site has forum presence on and
// one swept fixture thread.
type rig struct {
	*testenv.Forum
	thread string
	// b is the owner's signed-in browser.
	b *testenv.Browser
}

// ownerRig starts a stack (scheduler off), claims one account, puts it on
// the paid plan and signs its owner in to the dashboard, then readies its
// site's forum presence (testenv.Env.NewForum) and finds the swept
// fixture thread.
func ownerRig(t *testing.T) *rig {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	acct.Client.WaitJob(t, acct.ScanJob)
	env.PaidPlan(t, acct)
	r := &rig{Forum: env.NewForum(t, acct)}
	r.thread = r.ThreadOf(t, r.ForumID)["id"].(string)
	r.b = env.NewBrowser(t)
	env.SignIn(t, r.b, acct.Email, "/dashboard")
	return r
}

func (r *rig) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return r.Acct.Client.Agent(t, method, path, body, headers...)
}

// comment posts a comment on a fixture thread and returns its permalink.
func (r *rig) comment(t *testing.T, forumID string) string {
	t.Helper()
	return r.Env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": forumID, "body": "a reply"}).
		Expect(t, http.StatusOK).JSON(t)["permalink"].(string)
}

// draft drafts a reply to thread id and returns the draft.
func (r *rig) draft(t *testing.T, id string) map[string]any {
	t.Helper()
	return r.api(t, "POST", r.Base+"/threads/"+id+"/drafts", map[string]any{}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
}

// page is the dashboard path of the rig's site plus rest.
func (r *rig) page(rest string) string { return "/dashboard/sites/" + r.Acct.SiteID + rest }
