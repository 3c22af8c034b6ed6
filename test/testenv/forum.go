package testenv

import (
	"math/rand"
	"net/http"
	"strconv"
	"testing"
)

// Forum is an account's primary site with forum presence on, watching a
// fresh keyword that one fixture forum thread is about, after a sweep
// that took that thread in.
type Forum struct {
	Env  *Env
	Acct *Account
	// Base is the agent API path of the site's forum presence,
	// /sites/{site_id}/forum.
	Base string
	// Keyword is the forum presence's topic tag, fresh for each Forum.
	Keyword string
	// ForumID is the fixture thread's id on the fixture forum.
	ForumID string
}

// NewForum gives acct's primary site (its account on the paid plan) a
// brand and product description, adds a fixture forum thread about a
// fresh keyword, turns forum presence on with that keyword as its topic
// tag and runs one sweep to its end. Which thread the sweep made of the
// fixture is for the caller to find (Threads, ThreadOf).
func (e *Env) NewForum(t testing.TB, acct *Account) *Forum {
	t.Helper()
	acct.Client.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{
		"brand_name":          "Tally" + strconv.Itoa(rand.Intn(1e6)),
		"product_description": "Invoicing software for freelancers. It sends payment reminders on a schedule you choose.",
	}).Expect(t, http.StatusOK)
	f := &Forum{Env: e, Acct: acct, Base: "/sites/" + acct.SiteID + "/forum", Keyword: "remindersx" + strconv.Itoa(rand.Intn(1e9))}
	f.ForumID = f.AddThread(t, map[string]any{
		"subforum": "freelance", "title": "How do you handle " + f.Keyword + " for late clients?",
		"body": "Clients pay late and I hate chasing them. Looking for " + f.Keyword + " that work.", "up_votes": 3,
	})
	acct.Client.Agent(t, "PATCH", f.Base, map[string]any{"enabled": true, "topic_tags": []string{f.Keyword}}).Expect(t, http.StatusOK)
	f.Sweep(t)
	return f
}

// AddThread adds a thread to the fixture forum with body as the POST
// /_dev/forum/threads body and returns its forum id.
func (f *Forum) AddThread(t testing.TB, body map[string]any) string {
	t.Helper()
	return f.Env.Client().Do(t, "POST", "/_dev/forum/threads", body).Expect(t, http.StatusOK).JSON(t)["forum_id"].(string)
}

// Sweep runs a manual sweep of the site's forum presence to its end and
// returns the ended job.
func (f *Forum) Sweep(t testing.TB) map[string]any {
	t.Helper()
	job := f.Acct.Client.Agent(t, "POST", f.Base+"/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	return f.Acct.Client.WaitJob(t, job["id"].(string))
}

// Threads returns the threads GET .../forum/threads?query lists.
func (f *Forum) Threads(t testing.TB, query string) []map[string]any {
	t.Helper()
	var out struct {
		Threads []map[string]any `json:"threads"`
	}
	f.Acct.Client.Agent(t, "GET", f.Base+"/threads?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Threads
}

// ThreadOf returns the site's thread (among the first 100) made of the
// fixture thread forumID; the test fails when there is none.
func (f *Forum) ThreadOf(t testing.TB, forumID string) map[string]any {
	t.Helper()
	for _, th := range f.Threads(t, "limit=100") {
		if th["thread"].(map[string]any)["forum_id"] == forumID {
			return th
		}
	}
	t.Fatalf("no thread for forum id %s", forumID)
	return nil
}

// OnStudioSite adds a Studio site to f's account (on the paid plan) with
// a brand and product description, turns its forum presence on with f's
// keyword as its topic tag and runs one sweep: the same fixture forum
// thread, found for a second site of the account. It returns the Studio
// site's forum path (/sites/{site_id}/forum) and its thread of f's
// fixture thread.
func (f *Forum) OnStudioSite(t testing.TB) (base, threadID string) {
	t.Helper()
	a := f.Acct
	host := Word("studio") + ".example.com"
	siteID := a.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + host, "site_name": "Studio"}, "Idempotency-Key: "+host).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	a.Client.Agent(t, "PATCH", "/sites/"+siteID, map[string]any{
		"brand_name": Word("Ledger"), "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	other := &Forum{Env: f.Env, Acct: a, Base: "/sites/" + siteID + "/forum", Keyword: f.Keyword, ForumID: f.ForumID}
	a.Client.Agent(t, "PATCH", other.Base, map[string]any{"enabled": true, "topic_tags": []string{f.Keyword}}).Expect(t, http.StatusOK)
	if j := other.Sweep(t); j["status"] != "completed" {
		t.Fatalf("studio sweep: %v", j)
	}
	return other.Base, other.ThreadOf(t, f.ForumID)["id"].(string)
}
