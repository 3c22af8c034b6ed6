package audit26e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestRewriteThatChangesNothingWritesNothing: README, Conventions: "A
// PATCH that changes nothing ... writes nothing: `updated_at` stays, and
// no activity entry or event is recorded"; README, Articles:
// rewrite-section "applies it unless apply is false". Defect: a rewrite
// whose text came back as the passage was (instructions the model had
// nothing to do for) of the last section of a body that does not end in
// a line break still stored the article: putting the passage back added a
// line break at the end, so the body differed by it, updated_at moved,
// article.section_rewritten was recorded and a finished article's
// article.updated event told every webhook that its body_markdown had
// changed. A rewrite that leaves the passage as it was is now a no-op:
// the answer shows it (before equals after) and nothing is written.
func TestRewriteThatChangesNothingWritesNothing(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	art := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{
		"title": "Kettle care", "body_markdown": "# Kettle care\n\nDescale it monthly.\n\n## Drying\n\nWipe it dry after use.",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	path := "/sites/" + a.SiteID + "/articles/" + art["id"].(string)
	finished := a.Client.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)

	got := a.Client.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Drying", "instructions": "Keep it as it is."}).
		Expect(t, http.StatusOK).JSON(t)
	rw := got["rewrite"].(map[string]any)
	if rw["before"] != "Wipe it dry after use." || rw["after"] != rw["before"] {
		t.Fatalf("rewrite %v, want the passage back as it was", rw)
	}
	after := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if after["updated_at"] != finished["updated_at"] || after["body_markdown"] != finished["body_markdown"] {
		t.Errorf("a rewrite that changed nothing wrote the article: updated_at %v → %v, body %q → %q",
			finished["updated_at"], after["updated_at"], finished["body_markdown"], after["body_markdown"])
	}
	if ev := a.Client.Events(t, "article.updated"); len(ev) != 0 {
		t.Errorf("a rewrite that changed nothing recorded %d article.updated events: %v", len(ev), ev[0].Data)
	}
	var log struct{ Activity []map[string]any }
	a.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &log)
	for _, e := range log.Activity {
		if e["action"] == "article.section_rewritten" {
			t.Errorf("a rewrite that changed nothing recorded activity: %v", e)
		}
	}
}
