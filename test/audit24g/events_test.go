package audit24g

import (
	"encoding/json"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestArticleUpdatedOnlyForAFinishedArticlesPublicFields: spec 6 fires
// article.updated when a finished article's title, description, body or
// tags changed, with changed naming the fields. So a PATCH of a finished
// article's keyword alone records none, a PATCH of an idea's title records
// none (only finished articles), and a PATCH of a finished article's
// keyword and title records one whose changed is ["title"]; an agent's own
// changes produce the event (spec 6 event rules).
func TestArticleUpdatedOnlyForAFinishedArticlesPublicFields(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	base := "/sites/" + acct.SiteID + "/articles"
	create := func(body map[string]any) string {
		return c.Agent(t, "POST", base, body).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)["id"].(string)
	}
	idea := create(map[string]any{"title": "Pruning shears", "keyword": "pruning shears"})
	done := create(map[string]any{"title": "Garden rakes", "keyword": "garden rakes", "body_markdown": "# Garden rakes\n\nHow to pick one."})
	c.Agent(t, "POST", base+"/"+done+"/finish", nil).Expect(t, http.StatusOK)

	c.Agent(t, "PATCH", base+"/"+done, map[string]any{"keyword": "leaf rakes"}).Expect(t, http.StatusOK)
	c.Agent(t, "PATCH", base+"/"+idea, map[string]any{"title": "Choosing pruning shears"}).Expect(t, http.StatusOK)
	if ev := c.Events(t, "article.updated"); len(ev) != 0 {
		t.Fatalf("article.updated for a keyword change or an idea: %+v", ev)
	}

	c.Agent(t, "PATCH", base+"/"+done, map[string]any{"keyword": "garden rakes", "title": "Choosing a garden rake"}).Expect(t, http.StatusOK)
	ev := c.Events(t, "article.updated")
	if len(ev) != 1 {
		t.Fatalf("%d article.updated events after a retitle, want 1: %+v", len(ev), ev)
	}
	changed, _ := json.Marshal(ev[0].Data["changed"])
	article, _ := ev[0].Data["article"].(map[string]any)
	if string(changed) != `["title"]` || article["id"] != done || article["title"] != "Choosing a garden rake" || len(ev[0].Data) != 2 {
		t.Errorf("article.updated data = %v; want {article, changed: [title]}", ev[0].Data)
	}
	if _, hasBody := article["body_markdown"]; hasBody {
		t.Errorf("the event's article carries its body: %v", article)
	}
}
