package audit23i

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
}

// forumRig starts a stack (scheduler off), puts one account on the paid
// plan, turns forum presence on with a fresh keyword and sweeps one
// fixture thread in.
func forumRig(t *testing.T) *rig {
	t.Helper()
	return forumRigOn(t, testenv.StartQuiet(t))
}

// forumRigOn is forumRig on a stack the caller started.
func forumRigOn(t *testing.T, env *testenv.Env) *rig {
	t.Helper()
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	acct.Client.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{
		"brand_name":          "Tally" + strconv.Itoa(rand.Intn(1e6)),
		"product_description": "Invoicing software for freelancers. It sends payment reminders on a schedule you choose.",
	}).Expect(t, http.StatusOK)
	r := &rig{env: env, acct: acct, base: "/sites/" + acct.SiteID + "/forum", keyword: "remindersx" + strconv.Itoa(rand.Intn(1e9))}
	made := env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do you handle " + r.keyword + " for late clients?",
		"body": "Clients pay late and I hate chasing them. Looking for " + r.keyword + " that work.", "up_votes": 3,
	}).Expect(t, http.StatusOK).JSON(t)
	r.forumID = made["forum_id"].(string)
	acct.Client.Agent(t, "PATCH", r.base, map[string]any{"enabled": true, "topic_tags": []string{r.keyword}}).Expect(t, http.StatusOK)
	job := acct.Client.Agent(t, "POST", r.base+"/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	acct.Client.WaitJob(t, job["id"].(string))
	var out struct {
		Threads []map[string]any `json:"threads"`
	}
	acct.Client.Agent(t, "GET", r.base+"/threads?status=new", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Threads) != 1 {
		t.Fatalf("%d new threads after the sweep, want 1", len(out.Threads))
	}
	r.thread = out.Threads[0]["id"].(string)
	return r
}
