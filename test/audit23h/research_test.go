package audit23h

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestConcurrentSavingRunsNeverRepeatATitle: two research runs saving to
// one site at the same time. Spec 4.6 (research body): ideas "never
// repeats titles already on the site"; README ("Keywords, research and
// rank", Saving research): save "adds only keywords new to the site
// (saved.keywords counts those)". Each run read the site before the other
// saved, so both added the same five idea titles (ten articles, five
// titles twice) and both answered saved.keywords 23, though the second
// added none. Saving runs of a site now plan one after the other: no
// title is on the site twice, and the saved counts add up to what the
// site gained.
func TestConcurrentSavingRunsNeverRepeatATitle(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://concurrent-audit23h.example.org/")
	c := acct.Client
	base := "/sites/" + acct.SiteID
	ids := testenv.AtOnce(2, func(int) string {
		return c.Agent(t, "POST", base+"/research", map[string]any{"seed": "rocket fuel", "ideas": 5, "save": true}).
			Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	})
	savedKeywords, savedArticles := 0, 0
	for _, id := range ids {
		j := c.WaitJob(t, id)
		res, _ := j["result"].(map[string]any)
		if j["status"] != "completed" || res == nil {
			t.Fatalf("job %v", j)
		}
		saved := res["saved"].(map[string]any)
		savedKeywords += int(saved["keywords"].(float64))
		savedArticles += int(saved["articles"].(float64))
	}

	var arts struct {
		Articles []struct{ Title, Source string }
	}
	c.Agent(t, "GET", base+"/articles?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &arts)
	titles := map[string]int{}
	research := 0
	for _, a := range arts.Articles {
		titles[a.Title]++
		if a.Source == "research" {
			research++
		}
		if titles[a.Title] > 1 {
			t.Errorf("title %q is on the site twice", a.Title)
		}
	}
	var kws struct{ Keywords []any }
	c.Agent(t, "GET", base+"/keywords?source=discovered&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &kws)
	if savedKeywords != len(kws.Keywords) || savedArticles != research {
		t.Fatalf("saved counts add up to %d keywords and %d articles; the site gained %d discovered keywords and %d research articles",
			savedKeywords, savedArticles, len(kws.Keywords), research)
	}
}
