package audit24b

import (
	"net/http"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestRewriteSectionCountsTowardTheAIRateLimit: README "Articles",
// "`POST .../rewrite-section` is synchronous, spends no credit and counts
// toward the AI rate limit", and "Configuration": AI_REQUESTS_PER_HOUR is
// the "per-account budget of AI-backed calls: research runs, domain
// verification checks, forum sweeps and section rewrites". Each rewrite
// the model runs takes one unit (apply false too), a refused request
// (passage not found) takes none, research shares the budget, and the
// call past it answers 429 rate_limited with Retry-After, leaving the
// body and the article credits as they were.
func TestRewriteSectionCountsTowardTheAIRateLimit(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AIRequestsPerHour = 3 }})
	acct := env.NewAccount(t, "https://acme.com")
	c := acct.Client
	body := "# Launch pads\n\nA launch pad holds the rocket upright.\n\n## Choosing one\n\nPick a steady pad with a blast deflector.\n"
	a := c.Agent(t, "POST", articles(acct), map[string]any{"title": "Launch pads", "body_markdown": body}).Expect(t, http.StatusCreated).Article(t)
	path := articles(acct) + "/" + a["id"].(string)

	// A refused request runs no model and takes nothing.
	for i := 0; i < 5; i++ {
		wantInvalid(t, "missing section", c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Not a heading"}), "section")
	}
	c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Choosing one", "apply": false}).Expect(t, http.StatusOK)
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/research", map[string]any{"seed": "launch pads"}).Expect(t, http.StatusAccepted)
	c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Choosing one", "instructions": "short"}).Expect(t, http.StatusOK)
	before := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)

	r := c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Choosing one"})
	r.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") == "" {
		t.Fatalf("429 without Retry-After: %v", r.Header)
	}
	after := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)
	if after["body_markdown"] != before["body_markdown"] || after["updated_at"] != before["updated_at"] {
		t.Fatalf("the refused rewrite changed the article: %v -> %v", before["updated_at"], after["updated_at"])
	}
}
