package audit26j

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestArticleTagsDuplicatesIgnoringCaseInGreek: README, articles: "tags
// (at most 100 items sent and ≤10 once duplicates are dropped, each 1–40;
// duplicates dropped ignoring case, the first spelling kept)". Defect:
// tags were compared in lower case letter by letter, so a Greek word and
// its capitals were kept as two tags: "Οδός" and "ΟΔΌΣ" differ only in
// case, but capital Σ lowers to σ while the word's end is written ς, and
// the article carried both (and six such pairs, six tags, were refused
// as more than 10 different tags). Tags now compare as Unicode case
// folding does (strings.EqualFold): the first spelling is kept, once.
func TestArticleTagsDuplicatesIgnoringCaseInGreek(t *testing.T) {
	_, a := testenv.StartQuietAccount(t)
	s := "/sites/" + a.SiteID
	art := a.Client.Agent(t, "POST", s+"/articles", map[string]any{"title": "Δρόμοι", "tags": []string{"Οδός", "ΟΔΌΣ", "οδός", "Kettles", "KETTLES"}}).
		Expect(t, http.StatusCreated).Article(t)
	tags, _ := art["tags"].([]any)
	if len(tags) != 2 || tags[0] != "Οδός" || tags[1] != "Kettles" {
		t.Errorf("tags %v, want [Οδός Kettles]", art["tags"])
	}
	got := a.Client.Agent(t, "PATCH", s+"/articles/"+art["id"].(string), map[string]any{"tags": []string{"ΛΌΓΟΣ", "λόγος", "Λόγος"}}).
		Expect(t, http.StatusOK).Article(t)["tags"].([]any)
	if len(got) != 1 || got[0] != "ΛΌΓΟΣ" {
		t.Errorf("patched tags %v, want [ΛΌΓΟΣ]", got)
	}
}
