package audit22h

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestArchivedStudioSite: a Studio site past its removes_at keeps its
// content workable while what needs the plan answers 402. README ("Sites
// and scans"): "A scan of an archived site, or one past its removes_at,
// answers 402 subscription_required ... An archived site keeps its content
// workable (keywords, research, articles and their edits, as without a
// plan); what needs the plan on it (writing, site keys, integrations,
// backlinks, forum) answers 402 until it is restored."
func TestArchivedStudioSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "https://archived-audit22h.example.org/")
	env.PaidPlan(t, acct)
	site := acct.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-audit22h.example.org/", "site_name": "Studio"}, "Idempotency-Key: studio-audit22h").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := site["id"].(string)
	removed := acct.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	at, err := time.Parse(time.RFC3339Nano, removed["removes_at"].(string))
	if err != nil {
		t.Fatalf("removes_at %v", removed["removes_at"])
	}
	now, _ := time.Parse(time.RFC3339Nano, env.Now(t))
	env.Advance(t, at.Sub(now).Seconds()+60)
	env.RunScheduled(t)

	c := acct.Client
	base := "/sites/" + id
	for _, call := range []struct{ method, path string }{
		{"POST", base + "/scan"},
		{"POST", base + "/keys"},
		{"POST", base + "/integrations/push_platform_1/connect"},
	} {
		e := c.Agent(t, call.method, call.path, nil).Expect(t, http.StatusPaymentRequired).JSON(t)
		if e["code"] != "subscription_required" || e["error"] == "" {
			t.Fatalf("%s %s on the archived site: %v", call.method, call.path, e)
		}
	}
	c.Agent(t, "POST", base+"/keywords", map[string]any{"name": "kept keyword"}).Expect(t, http.StatusCreated)
	c.Agent(t, "POST", base+"/research", map[string]any{"ideas": 1}).Expect(t, http.StatusAccepted)
	art := c.Agent(t, "POST", base+"/articles", map[string]any{"title": "Still editable"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	c.Agent(t, "PATCH", base+"/articles/"+art["id"].(string), map[string]any{"title": "Edited"}).Expect(t, http.StatusOK)
	c.Agent(t, "POST", base+"/articles/"+art["id"].(string)+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	c.Agent(t, "PATCH", base+"/integrations/push_platform_1", map[string]any{"default_status": "publish"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	c.Agent(t, "POST", base+"/integrations/push_platform_1/sync", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	c.Agent(t, "PATCH", base+"/backlinks", map[string]any{"max_links_per_article": 2}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	c.Agent(t, "GET", base+"/backlinks", nil).Expect(t, http.StatusOK)
	c.Agent(t, "GET", base+"/rank", nil).Expect(t, http.StatusOK)
	c.Agent(t, "GET", base+"/integrations", nil).Expect(t, http.StatusOK)
}
