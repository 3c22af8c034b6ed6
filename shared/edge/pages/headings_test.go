package pages

import (
	"slices"
	"testing"
)

// The rewrite form offers every heading the API accepts as a section:
// setext headings too, each once, never a line inside code.
func TestRewriteFormOffersEveryHeading(t *testing.T) {
	body := "# Title\n\nIntro.\n\nSetext heading\n--------------\n\nText.\n\n```\n# not a heading\n```\n\n## Again\n\nOne.\n\n## Again\n\nTwo.\n"
	if got, want := headings(body), []string{"Title", "Setext heading", "Again"}; !slices.Equal(got, want) {
		t.Fatalf("headings = %q, want %q", got, want)
	}
}
