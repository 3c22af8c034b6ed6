package audit25j

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestWordCountCountsTheWordsReadersRead: README, Articles: an article's
// fields include `word_count`, and Score: "`length` (1,000 words for full
// marks)", the score's `word_count` being the article's. Defect: the count
// split the Markdown source on spaces and Markdown punctuation, so a
// link's address counted as words (each hyphen of its path one more: a
// sentence of seven words with one link to a how-to page counted 15), and
// so did raw HTML's tag names and attributes, and lone punctuation such as
// "&" or a dash. A body padded with links reached the length check's
// thresholds with a fraction of the words, and the score's total
// disagreed with its own per-section counts (short_sections), which read
// the text. The count is now of the text a reader reads: the words of the
// rendered article.
// (README-silent: what a word is; here a run of characters between
// spaces that holds a letter or a digit, in the rendered text.)
func TestWordCountCountsTheWordsReadersRead(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	base := "/sites/" + a.SiteID + "/articles"
	cases := []struct {
		body string
		want int
	}{
		{"Read [the guide](https://acme.com/how-to-descale-a-kettle-in-five-steps) before you start descaling.\n", 7},
		{"# Kettle care\n\nSee <a href=\"https://acme.com/x\" target=\"_blank\" rel=\"noopener noreferrer\">our page</a> now.\n", 6},
		{"Tea &amp; coffee — both fine.\n\n<https://acme.com/a-b-c>\n", 5},
	}
	for _, c := range cases {
		art := a.Client.Agent(t, "POST", base, map[string]any{"title": "Words", "keyword": "kettle care", "body_markdown": c.body}).
			Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
		if got := art["word_count"]; got != float64(c.want) {
			t.Errorf("word_count of %q = %v, want %d", c.body, got, c.want)
		}
		sc := a.Client.Agent(t, "GET", base+"/"+art["id"].(string)+"/score", nil).Expect(t, http.StatusOK).JSON(t)["score"].(map[string]any)
		if got := sc["word_count"]; got != float64(c.want) {
			t.Errorf("score word_count of %q = %v, want %d", c.body, got, c.want)
		}
	}
}
