package audit25b

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestRewritesOfDifferentSectionsAtOnce: README, "Rewrite-section": "Returns
// {article, rewrite: {section, before, after, applied}}. 422 when the
// passage is missing, not found or ambiguous, ...; 409 without a body or
// while generating". Defect: rewrites of different sections of one article
// sent at once (an agent improving its weak passages in parallel), or a
// rewrite while the article's title was patched, answered all but one 409
// "The article changed at the same moment" after the model had written the
// passage and the call had counted toward the AI rate limit, so the work
// was lost and retrying counted again. Each rewrite now applies to the
// article as it is when it writes, as long as its own passage is
// unchanged: every request answers 200 and the body holds every rewritten
// passage.
func TestRewritesOfDifferentSectionsAtOnce(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, testenv.TestCardOK)
	sections := []string{"Descaling", "Boiling", "Storing"}
	for round := range 3 {
		var body strings.Builder
		body.WriteString("# Kettle care\n\nA kettle lasts for years with a little care.\n")
		for _, s := range sections {
			fmt.Fprintf(&body, "\n## %s\n\n%s a kettle the right way keeps it working. Do it often and do it gently.\n", s, s)
		}
		art := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": fmt.Sprintf("Kettle care %d", round), "body_markdown": body.String()}).
			Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
		path := "/sites/" + a.SiteID + "/articles/" + art["id"].(string)
		a.Client.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK)
		rs := testenv.AtOnce(len(sections)+1, func(i int) *testenv.Response {
			if i == len(sections) {
				return a.Client.Agent(t, "PATCH", path, map[string]any{"title": fmt.Sprintf("Kettle care, round %d", round)})
			}
			return a.Client.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": sections[i], "instructions": "shorter"}, fmt.Sprintf("Idempotency-Key: rewrite-%d-%d", round, i))
		})
		var afters []string
		for i, r := range rs {
			if r.Status != http.StatusOK {
				t.Errorf("round %d: request %d answered %d, want 200: %s", round, i, r.Status, r.Body)
				continue
			}
			if i < len(sections) {
				afters = append(afters, r.JSON(t)["rewrite"].(map[string]any)["after"].(string))
			}
		}
		got := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
		md := got["body_markdown"].(string)
		for _, after := range afters {
			if !strings.Contains(md, strings.TrimSpace(after)) {
				t.Errorf("round %d: the body lost a rewritten passage %q:\n%s", round, after, md)
			}
		}
		if rs[len(sections)].Status == http.StatusOK && got["title"] != fmt.Sprintf("Kettle care, round %d", round) {
			t.Errorf("round %d: title %v, the PATCH's was lost", round, got["title"])
		}
	}
}
