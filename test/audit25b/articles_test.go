package audit25b

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestArticlePatchesOfDifferentFieldsAtOnce: spec 4.1, "PATCH changes only
// the fields sent"; README, MCP tool update_article: "only the fields sent
// change". Defect: two or three PATCHes of one article sent at the same
// moment, each changing another field (an agent retitling it while the
// owner tags it), answered all but one 409 "The article changed at the same
// moment. Retry the request." in most rounds, although nothing they sent
// conflicted (so did POST .../finish sent with them); the site PATCH
// applies such PATCHes together. Each is now applied to the article as it
// is when it writes: all answer 200 and the article holds every field.
func TestArticlePatchesOfDifferentFieldsAtOnce(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, testenv.TestCardOK)
	art := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Kettle care", "body_markdown": "# Kettle care\n\nDescale monthly."}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	path := "/sites/" + a.SiteID + "/articles/" + art["id"].(string)
	for round := range 10 {
		title, tag, desc := fmt.Sprintf("Kettle care, part %d", round), fmt.Sprintf("kettles-%d", round), fmt.Sprintf("How to care for a kettle, round %d.", round)
		n := 3
		if round == 0 {
			n = 4 // the hand-written article is finished as it is edited
		}
		rs := testenv.AtOnce(n, func(i int) *testenv.Response {
			if i == 3 {
				return a.Client.Agent(t, "POST", path+"/finish", nil)
			}
			body := []map[string]any{{"title": title}, {"tags": []string{tag}}, {"description": desc}}[i]
			return a.Client.Agent(t, "PATCH", path, body)
		})
		for i, r := range rs {
			if r.Status != http.StatusOK {
				t.Errorf("round %d: PATCH %d answered %d, want 200: %s", round, i, r.Status, r.Body)
			}
		}
		got := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
		tags, _ := got["tags"].([]any)
		if got["status"] != "finished" {
			t.Errorf("round %d: article %v, want finished", round, got["status"])
		}
		if got["title"] != title || got["description"] != desc || len(tags) != 1 || tags[0] != tag {
			t.Errorf("round %d: article title %q, description %q, tags %v; want %q, %q, [%s]", round, got["title"], got["description"], got["tags"], title, desc, tag)
		}
	}
}
