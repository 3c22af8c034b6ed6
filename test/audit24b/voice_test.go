package audit24b

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestBannedAudienceWordNeverReachesTheWrittenArticle: README "Articles",
// "Offline writer": "brand-voice lines starting with "Avoid", "Never
// use/say", "Don't use" or "No" drop sentences that would break them".
// With "Never say hobbyists" in the brand voice and "hobbyists" as the
// audience, the sentences naming them were dropped but the written
// article still said it, in the heading "Why <keyword> matters for
// hobbyists" (headings are kept whole). Without the rule, the heading
// names the readers as before.
func TestBannedAudienceWordNeverReachesTheWrittenArticle(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Trial(t, acct, testenv.TestCardOK)
	c := acct.Client
	site := "/sites/" + acct.SiteID

	write := func(title string) string {
		t.Helper()
		a := c.Agent(t, "POST", articles(acct), map[string]any{"title": title, "keyword": "model rocket kit"}).Expect(t, http.StatusCreated).Article(t)
		path := articles(acct) + "/" + a["id"].(string)
		job := c.Agent(t, "POST", path+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
		if done := c.WaitJob(t, job["id"].(string)); done["status"] != "completed" {
			t.Fatalf("generation: %v", done)
		}
		return c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)["body_markdown"].(string)
	}

	c.Agent(t, "PATCH", site, map[string]any{"writing": map[string]any{"audience": "Hobbyists"}}).Expect(t, http.StatusOK)
	if body := write("Choosing a model rocket kit"); !strings.Contains(strings.ToLower(body), "hobbyists") {
		t.Fatalf("without a rule the article never names its readers:\n%s", body)
	}

	c.Agent(t, "PATCH", site, map[string]any{"writing": map[string]any{"brand_voice": "Never say hobbyists"}}).Expect(t, http.StatusOK)
	body := write("Picking a model rocket kit")
	for _, line := range strings.Split(body, "\n") {
		if strings.Contains(strings.ToLower(line), "hobbyists") {
			t.Errorf("the brand voice bans \"hobbyists\", yet the article has the line %q", line)
		}
	}
}
