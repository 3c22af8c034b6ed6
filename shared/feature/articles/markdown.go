package articles

import (
	"bytes"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// markdown renders article bodies: GitHub-flavoured Markdown, raw HTML kept
// (the public API documents body_html as not sanitised).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// RenderHTML renders a Markdown body to HTML.
func RenderHTML(body string) string {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(body), &buf); err != nil {
		return ""
	}
	return buf.String()
}

// WordCount counts the words of a Markdown body.
func WordCount(body string) int {
	return len(strings.FieldsFunc(body, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("#*_>`[]()|-", r)
	}))
}

// SetBody sets the article's Markdown body and what derives from it.
func (a *Article) SetBody(body string) {
	a.BodyMarkdown = body
	a.BodyHTML = RenderHTML(body)
	a.WordCount = WordCount(body)
}
