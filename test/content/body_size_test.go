package content

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestBodyTooLargeToStoreIsRefused: a body within the 200,000 characters
// whose HTML rendering makes the article too large to store answers 422 on
// body_markdown (it used to fail the table write with a 500), on create and
// on PATCH; a long body that fits is stored, idempotent answer included.
func TestBodyTooLargeToStoreIsRefused(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	path := "/sites/" + acct.SiteID + "/articles"
	paragraphs := strings.Repeat("a\n\n", 66_000) // 198,000 characters, about 600 KB as HTML

	problemOn := func(r *testenv.Response) {
		t.Helper()
		body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := body["details"].([]any)
		if len(details) != 1 || details[0].(map[string]any)["field"] != "body_markdown" {
			t.Fatalf("details = %v, want one problem on body_markdown", details)
		}
	}
	problemOn(c.Agent(t, "POST", path, map[string]any{"title": "Too big", "body_markdown": paragraphs}))
	problemOn(c.Agent(t, "POST", path, map[string]any{"title": "Too big", "body_markdown": paragraphs}, "Idempotency-Key: too-big-1"))

	a := create(t, c, acct.SiteID, map[string]any{"title": "Small"})
	problemOn(c.Agent(t, "PATCH", path+"/"+a.ID, map[string]any{"body_markdown": paragraphs}))

	long := strings.TrimSpace(strings.Repeat("word ", 30_000)) // about 150,000 characters of one paragraph
	var out struct{ Article article }
	c.Agent(t, "POST", path, map[string]any{"title": "Long", "body_markdown": long}, "Idempotency-Key: long-1").
		Expect(t, http.StatusCreated).Decode(t, &out)
	if out.Article.BodyMarkdown != long {
		t.Fatalf("long body stored as %d characters, want %d", len(out.Article.BodyMarkdown), len(long))
	}
	c.Agent(t, "PATCH", path+"/"+a.ID, map[string]any{"body_markdown": long}).Expect(t, http.StatusOK)
}
