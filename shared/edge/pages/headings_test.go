package pages

import (
	"slices"
	"testing"

	"rvcontent/shared/feature/articles"
)

// The rewrite form offers every heading the API accepts as a section
// (articles.Headings), read from the article's rendering: setext headings
// too, each once, never a line inside code.
func TestRewriteFormOffersEveryHeading(t *testing.T) {
	body := "# Title\n\nIntro.<br>\n\n---\n\nSetext *heading*\n--------------\n\nText.\n\n```\n# not a heading\n```\n\n> ## Quoted\n\n## Again\n\nOne.\n\n## Again\n\nTwo.\n"
	if got, want := headings(articles.RenderHTML(body)), []string{"Title", "Setext heading", "Again"}; !slices.Equal(got, want) {
		t.Fatalf("headings = %q, want %q", got, want)
	}
	var api []string
	for _, h := range articles.Headings(body) {
		api = append(api, h.Text)
	}
	if want := []string{"Title", "Setext *heading*", "Again", "Again"}; !slices.Equal(api, want) {
		t.Fatalf("articles.Headings = %q, want %q", api, want)
	}
}
