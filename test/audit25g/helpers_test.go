package audit25g

import (
	"math/rand"
	"net/http"
	"strconv"
	"testing"

	"rvcontent/test/testenv"
)

// rig is one paid account whose primary site has forum presence on and
// one swept fixture thread.
type rig struct {
	env     *testenv.Env
	acct    *testenv.Account
	base    string
	thread  string
	forumID string
	keyword string
	// b is the owner's signed-in browser.
	b *testenv.Browser
}

// ownerRig starts a stack (scheduler off), claims one account, puts it on
// the paid plan and signs its owner in to the dashboard, then readies its
// site's forum presence (forumRigFor).
func ownerRig(t *testing.T) *rig {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	acct.Client.WaitJob(t, acct.ScanJob)
	env.PaidPlan(t, acct)
	r := forumRigFor(t, env, acct)
	r.b = env.NewBrowser(t)
	env.SignIn(t, r.b, acct.Email, "/dashboard")
	return r
}

// forumRigFor gives acct's site (on the paid plan) a brand, turns forum
// presence on with a fresh keyword and sweeps one fixture thread in.
func forumRigFor(t *testing.T, env *testenv.Env, acct *testenv.Account) *rig {
	t.Helper()
	acct.Client.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{
		"brand_name":          "Tally" + strconv.Itoa(rand.Intn(1e6)),
		"product_description": "Invoicing software for freelancers. It sends payment reminders on a schedule you choose.",
	}).Expect(t, http.StatusOK)
	r := &rig{env: env, acct: acct, base: "/sites/" + acct.SiteID + "/forum", keyword: "remindersx" + strconv.Itoa(rand.Intn(1e9))}
	r.forumID = r.fixture(t, map[string]any{
		"subforum": "freelance", "title": "How do you handle " + r.keyword + " for late clients?",
		"body": "Clients pay late and I hate chasing them. Looking for " + r.keyword + " that work.", "up_votes": 3,
	})
	acct.Client.Agent(t, "PATCH", r.base, map[string]any{"enabled": true, "topic_tags": []string{r.keyword}}).Expect(t, http.StatusOK)
	r.sweep(t)
	r.thread = r.threadOf(t, r.forumID)["id"].(string)
	return r
}

func (r *rig) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return r.acct.Client.Agent(t, method, path, body, headers...)
}

// fixture adds a fixture forum thread and returns its forum id.
func (r *rig) fixture(t *testing.T, body map[string]any) string {
	t.Helper()
	return r.env.Client().Do(t, "POST", "/_dev/forum/threads", body).Expect(t, http.StatusOK).JSON(t)["forum_id"].(string)
}

// sweep runs a sweep to its end and returns the finished job.
func (r *rig) sweep(t *testing.T) map[string]any {
	t.Helper()
	job := r.api(t, "POST", r.base+"/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	return r.acct.Client.WaitJob(t, job["id"].(string))
}

// threads returns GET /forum/threads with query.
func (r *rig) threads(t *testing.T, query string) []map[string]any {
	t.Helper()
	var out struct {
		Threads []map[string]any `json:"threads"`
	}
	r.api(t, "GET", r.base+"/threads?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Threads
}

// threadOf returns the rig's thread for a fixture forum id.
func (r *rig) threadOf(t *testing.T, forumID string) map[string]any {
	t.Helper()
	for _, th := range r.threads(t, "limit=100") {
		if th["thread"].(map[string]any)["forum_id"] == forumID {
			return th
		}
	}
	t.Fatalf("no thread for forum id %s", forumID)
	return nil
}

// comment posts a comment on a fixture thread and returns its permalink.
func (r *rig) comment(t *testing.T, forumID string) string {
	t.Helper()
	return r.env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": forumID, "body": "a reply"}).
		Expect(t, http.StatusOK).JSON(t)["permalink"].(string)
}

// draft drafts a reply to thread id and returns the draft.
func (r *rig) draft(t *testing.T, id string) map[string]any {
	t.Helper()
	return r.api(t, "POST", r.base+"/threads/"+id+"/drafts", map[string]any{}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
}

// page is the dashboard path of the rig's site plus rest.
func (r *rig) page(rest string) string { return "/dashboard/sites/" + r.acct.SiteID + rest }
