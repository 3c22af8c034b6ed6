package e2e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// Inputs the service accepts are inputs its OpenAPI document admits: an
// empty query value (read as absent), null for a PATCH list the service
// empties on null, and a disclosure line of spaces (trimmed: the default
// again). Every request of these tests goes through the contract check,
// which fails when the document refuses a request the service answers
// with a 2xx.
func TestDocumentAdmitsWhatTheServiceAccepts(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	c := a.Client

	for _, path := range []string{"/jobs?status=", "/jobs?limit=", "/events?types=", "/sites/" + a.SiteID + "/articles?status="} {
		c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK)
	}

	var created struct {
		Article struct{ ID string } `json:"article"`
	}
	c.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Tagged", "tags": []string{"one", "two"}}).
		Expect(t, http.StatusCreated).Decode(t, &created)
	art := c.Agent(t, "PATCH", "/sites/"+a.SiteID+"/articles/"+created.Article.ID, map[string]any{"tags": nil}).
		Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if tags, _ := art["tags"].([]any); len(tags) != 0 {
		t.Fatalf("tags after null = %v, want none", art["tags"])
	}

	forum := c.Agent(t, "PATCH", "/sites/"+a.SiteID+"/forum", map[string]any{
		"topic_tags": nil, "allow_subforums": nil, "deny_subforums": nil, "disclosure_line": "   ",
	}).Expect(t, http.StatusOK).JSON(t)
	if len(forum) == 0 {
		t.Fatal("empty forum answer")
	}
}
