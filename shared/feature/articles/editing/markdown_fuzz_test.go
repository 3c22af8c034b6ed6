package editing

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/sites"
)

// slugForm is what every slug looks like: lowercase ASCII words joined by
// single hyphens, then the id's first 8 characters.
var slugForm = regexp.MustCompile(`^([a-z0-9]+(-[a-z0-9]+)*-)?[0-9a-f]{8}$`)

// FuzzArticleBody runs the article rules on arbitrary titles and Markdown
// bodies: the body renders to HTML (valid UTF-8 for a UTF-8 body, the same
// every time), the word count stays within the body, the slug keeps its
// form and length, and the score stays within 0 to 100.
func FuzzArticleBody(f *testing.F) {
	f.Add("How to launch a model rocket", "# Title\n\nIntro **bold** and [link](https://acme.com).\n\n## Steps\n\n1. One\n2. Two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
	f.Add("Café déjà vu — 2026!", "<script>alert(1)</script>\n\n> quote\n\n```go\nx := 1\n```\n")
	f.Add("", "")
	f.Add("----", "* * *\n- [ ] task\n- [x] done\n\nhttps://autolink.example ~~strike~~")
	f.Add(strings.Repeat("word ", 50), strings.Repeat("[", 100)+strings.Repeat("]", 100))
	site := sites.Site{}
	brand, website := "Acme", "https://acme.com"
	site.BrandName, site.WebsiteURL = &brand, &website
	f.Fuzz(func(t *testing.T, title, body string) {
		const id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
		var a articles.Article
		a.ID, a.Title = id, title
		SetBody(&a, body)
		if utf8.ValidString(body) && !utf8.ValidString(a.BodyHTML) {
			t.Fatalf("body %q renders to invalid UTF-8 %q", body, a.BodyHTML)
		}
		if again := RenderHTML(body); again != a.BodyHTML {
			t.Fatalf("body %q renders differently the second time", body)
		}
		if a.WordCount < 0 || a.WordCount > len(body) {
			t.Fatalf("body %q counts %d words", body, a.WordCount)
		}
		slug := articles.Slug(title, id)
		if !slugForm.MatchString(slug) || len(slug) > 80+1+8 {
			t.Fatalf("title %q makes slug %q", title, slug)
		}
		a.Slug = slug
		sc := ScoreOf(a, site)
		for _, p := range []int{sc.Overall, sc.SEO.Score, sc.GEO.Score} {
			if p < 0 || p > 100 {
				t.Fatalf("title %q body %q scores %+v", title, body, sc)
			}
		}
	})
}
