package pages

import (
	"slices"
	"testing"

	"rvcontent/shared/feature/articles/editing"
)

// The rewrite form offers every heading the API accepts as a section
// (editing.Headings), read from the article's rendering: setext headings
// too, each once, never a line inside code.
func TestRewriteFormOffersEveryHeading(t *testing.T) {
	body := "# Title\n\nIntro.<br>\n\n---\n\nSetext *heading*\n--------------\n\nText.\n\n```\n# not a heading\n```\n\n> ## Quoted\n\n## Again\n\nOne.\n\n## Again\n\nTwo.\n"
	if got, want := headings(editing.RenderHTML(body)), []string{"Title", "Setext heading", "Again"}; !slices.Equal(got, want) {
		t.Fatalf("headings = %q, want %q", got, want)
	}
	var api []string
	for _, h := range editing.Headings(body) {
		api = append(api, h.Text)
	}
	if want := []string{"Title", "Setext *heading*", "Again", "Again"}; !slices.Equal(api, want) {
		t.Fatalf("editing.Headings = %q, want %q", api, want)
	}
}

// Every heading the rewrite form offers is a heading's Plain text in
// editing.Headings, which the API accepts as a section: links, code
// spans, escapes, character references, inline HTML and line breaks read
// the same from the rendering as from the Markdown.
func TestRewriteFormHeadingsAreTheAPIsPlainText(t *testing.T) {
	body := "## See the [docs](https://example.com/docs) first\\!\n\n" +
		"## Use `go test` &amp; <em>friends</em> &#169;\n\n" +
		"## Visit https://example.com/x or <https://example.org>\n\n" +
		"Two *emphasised*\nlines __here__ ~~gone~~\n===\n\n" +
		"## Q&A: 1 < 2 \\* ok\n\ntext\n"
	got := headings(editing.RenderHTML(body))
	var plain []string
	for _, h := range editing.Headings(body) {
		plain = append(plain, h.Plain)
	}
	if !slices.Equal(got, plain) {
		t.Fatalf("the form offers %q, the API's plain headings are %q", got, plain)
	}
	if want := "See the docs first!"; plain[0] != want {
		t.Fatalf("plain heading = %q, want %q", plain[0], want)
	}
}
