package editing

import (
	"strings"
	"testing"
)

// BenchmarkNoImages measures the no-images rule on a 100 KB body with raw
// HTML (spans, a styled div, a table) and no image: the check every create
// and PATCH of a body pays before its rendering.
func BenchmarkNoImages(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 100_000 {
		sb.WriteString("Some text with <span class=\"note\">inline HTML</span>, a [link](https://example.com) and `code`.\n\n<div style=\"color: #333\">A styled block.</div>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n")
	}
	body := sb.String()
	for range b.N {
		if p := noImages(body); p != "" {
			b.Fatal(p)
		}
	}
}
