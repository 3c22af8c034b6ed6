package editing

import (
	"encoding/json"
	"strings"
	"testing"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/input"
)

// BenchmarkLongBody measures what a POST .../articles with a long body (100
// KB of Markdown, its rendering near the stored-size limit) costs in this
// package: its parse (with the size check) and
// the article taking the body. "once" is the service's way, the check's
// rendering reused; "twice" renders the body again to set it, as the
// service did before, measured side by side for the ratio.
func BenchmarkLongBody(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 100_000 {
		sb.WriteString("## A section\n\nSome **bold** text with a [link](https://example.com) and `code`, and a longer sentence that reads like an article does.\n\n- one\n- two\n\n")
	}
	raw, err := json.Marshal(map[string]string{"title": "Long", "body_markdown": sb.String()})
	if err != nil {
		b.Fatal(err)
	}
	parse := func(b *testing.B) Draft {
		o, err := input.Parse(raw)
		if err != nil {
			b.Fatal(err)
		}
		d, err := ParseDraft(o)
		if err != nil {
			b.Fatal(err)
		}
		return d
	}
	b.Run("once", func(b *testing.B) {
		for range b.N {
			d := parse(b)
			var a articles.Article
			Set(&a, d.rendering())
		}
	})
	b.Run("twice", func(b *testing.B) {
		for range b.N {
			d := parse(b)
			var a articles.Article
			SetBody(&a, d.BodyMarkdown)
		}
	})
}
