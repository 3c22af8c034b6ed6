package audit22h

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestRankMatchesArticlesByTheStoredKeywordForm: README ("Keywords,
// research and rank"): keyword names are stored "lowercase, with accents
// composed as Unicode NFC does (... so both spellings are one name)", and
// in rank "each keyword's status comes from its articles". An article
// whose keyword is written with other case, spacing and a decomposed
// accent counts for the library keyword; discovered keywords (research)
// neither appear in market nor switch the coverage basis to searches.
func TestRankMatchesArticlesByTheStoredKeywordForm(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://rank-audit22h.example.org/")
	c := acct.Client
	base := "/sites/" + acct.SiteID
	c.Agent(t, "POST", base+"/keywords", map[string]any{"name": "Café Tools"}).Expect(t, http.StatusCreated)
	c.Agent(t, "POST", base+"/keywords", map[string]any{"name": "espresso grinder"}).Expect(t, http.StatusCreated)
	art := c.Agent(t, "POST", base+"/articles", map[string]any{"title": "Tools", "keyword": "  CAFE\u0301   tools ", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	c.Agent(t, "POST", base+"/research", map[string]any{"ideas": 0, "save": true, "seed": "coffee"}).Expect(t, http.StatusAccepted)
	var jobs struct{ Jobs []map[string]any }
	c.Agent(t, "GET", "/jobs?kind=research", nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	for _, j := range jobs.Jobs {
		c.WaitJob(t, j["id"].(string))
	}

	var out struct {
		Rank struct {
			Coverage map[string]any   `json:"coverage"`
			Market   []map[string]any `json:"market"`
		} `json:"rank"`
	}
	c.Agent(t, "GET", base+"/rank", nil).Expect(t, http.StatusOK).Decode(t, &out)
	cov := out.Rank.Coverage
	if cov["basis"] != "topics" || cov["total"] != float64(2) || cov["planned"] != float64(1) || cov["open"] != float64(1) || cov["published"] != float64(0) {
		t.Fatalf("coverage %v", cov)
	}
	if len(out.Rank.Market) != 2 {
		t.Fatalf("market %v", out.Rank.Market)
	}
	for _, m := range out.Rank.Market {
		if m["keyword"] == "café tools" && (m["status"] != "scheduled" || m["article_id"] != art["id"]) {
			t.Fatalf("row %v, want scheduled by %v", m, art["id"])
		}
	}
}
