package audit28a

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// studioForum adds a Studio site to f's account with a brand, forum
// presence on and f's keyword as its topic tag, runs one sweep and returns
// the site's forum path (/sites/{site_id}/forum) and its thread of f's
// fixture forum thread.
func studioForum(t *testing.T, f *testenv.Forum) (base, threadID string) {
	t.Helper()
	a := f.Acct
	host := testenv.Word("studio") + ".example.com"
	siteID := a.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + host, "site_name": "Studio"}, "Idempotency-Key: "+host).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	a.Client.Agent(t, "PATCH", "/sites/"+siteID, map[string]any{
		"brand_name": testenv.Word("Ledger"), "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	other := &testenv.Forum{Env: f.Env, Acct: a, Base: "/sites/" + siteID + "/forum", Keyword: f.Keyword, ForumID: f.ForumID}
	a.Client.Agent(t, "PATCH", other.Base, map[string]any{"enabled": true, "topic_tags": []string{f.Keyword}}).Expect(t, http.StatusOK)
	if j := other.Sweep(t); j["status"] != "completed" {
		t.Fatalf("studio sweep: %v", j)
	}
	return other.Base, other.ThreadOf(t, f.ForumID)["id"].(string)
}

// thread returns GET base/threads/id's thread.
func thread(t *testing.T, c *testenv.Client, base, id string) map[string]any {
	t.Helper()
	return c.Agent(t, "GET", base+"/threads/"+id, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
}

// draft drafts a reply in base's thread id and returns the draft.
func draft(t *testing.T, c *testenv.Client, base, id string) map[string]any {
	t.Helper()
	return c.Agent(t, "POST", base+"/threads/"+id+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
}
