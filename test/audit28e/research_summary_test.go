package audit28e

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestResearchSavedSummaryCountsInWords: spec 2 Activity entry, "summary
// string", the line the owner's activity log shows; README, owner
// dashboard: "the activity log of the account and of each site (actor
// ..., action and resource ...)", and the service writes counted nouns as
// a person reads them ("1 link", never "1 links"). Defect: a research run
// that saved one idea recorded site.research_saved as "Research saved 8
// keywords and 1 article ideas" (and "1 keywords" for one new keyword).
// Each count now carries its noun in the right number.
func TestResearchSavedSummaryCountsInWords(t *testing.T) {
	_, a := testenv.StartScanned(t, "summary")
	job := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", map[string]any{"seed": "launch pads", "ideas": 1, "save": true}).
		Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	j := a.Client.WaitJob(t, job)
	saved, _ := j["result"].(map[string]any)["saved"].(map[string]any)
	if j["status"] != "completed" || saved == nil || saved["articles"] != float64(1) {
		t.Fatalf("research job %v, want completed with one idea saved", j)
	}
	count := func(n float64, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", int(n), many)
	}
	want := "Research saved " + count(saved["keywords"].(float64), "keyword", "keywords") + " and " + count(1, "article idea", "article ideas")
	for _, e := range a.Client.Activity(t) {
		if e.Action == "site.research_saved" {
			if e.Summary != want {
				t.Fatalf("site.research_saved reads %q, want %q", e.Summary, want)
			}
			return
		}
	}
	t.Fatal("no site.research_saved entry in the activity log")
}
