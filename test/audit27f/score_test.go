package audit27f

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestScoreIntroFollowsTitle checks which paragraph the score reads as the
// intro. README, Offline writer: "an H1 title, an intro that answers
// first"; Score: SEO check `keyword_in_intro`, GEO check `answer_first`
// ("The first paragraph ... answers the query"): the intro is the
// paragraph under the title heading. Before the fix a paragraph above the
// H1 (an "updated on" line, a breadcrumb, a note) was read as the intro:
// an article whose opening under the title never named the keyword passed
// both checks, and one whose real intro answered the query failed
// `answer_first`.
func TestScoreIntroFollowsTitle(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	kw := "model rocket kits"
	create := func(body string) string {
		r := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{
			"title": "Model rocket kits for schools", "keyword": kw, "body_markdown": body,
		}).Expect(t, http.StatusCreated)
		return r.Article(t)["id"].(string)
	}
	checkOf := func(id, check string) testenv.ScoreCheck {
		for _, ch := range a.Client.ScoreChecks(t, a.SiteID, id) {
			if ch.ID == check {
				return ch
			}
		}
		t.Fatalf("no %s check", check)
		return testenv.ScoreCheck{}
	}
	answerFirst := func(id string) testenv.ScoreCheck { return checkOf(id, "answer_first") }
	under := "\n\n# Model rocket kits for schools\n\n"
	rest := "\n\n## Why they matter\n\n" + strings.Repeat("Launch days teach physics by doing. ", 10)

	// The keyword only above the title: the intro does not answer.
	above := create("Model rocket kits: updated March 2027." + under + "Science teachers want a safe first launch for the class." + rest)
	if ch := answerFirst(above); ch.Points != 0 {
		t.Errorf("keyword only above the H1: answer_first %d points (%q), want 0: the paragraph above the title is no intro", ch.Points, ch.Detail)
	}
	if ch := checkOf(above, "keyword_in_intro"); ch.Points != 0 {
		t.Errorf("keyword only above the H1: keyword_in_intro %d points (%q), want 0", ch.Points, ch.Detail)
	}
	// The intro under the title answers: a note above it does not hide it.
	below := create("Updated March 2027." + under + "Model rocket kits give a class a safe first launch in one lesson." + rest)
	if ch := answerFirst(below); ch.Points != 20 {
		t.Errorf("keyword in the paragraph under the H1: answer_first %d points (%q), want 20", ch.Points, ch.Detail)
	}
	if ch := checkOf(below, "keyword_in_intro"); ch.Points != 10 {
		t.Errorf("keyword in the paragraph under the H1: keyword_in_intro %d points (%q), want 10", ch.Points, ch.Detail)
	}
}
