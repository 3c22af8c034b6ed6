package editing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"rvcontent/shared/feature/articles"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
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

// SetBody sets the article's Markdown body and what derives from it:
// its HTML rendering and word count.
func SetBody(a *articles.Article, body string) {
	a.BodyMarkdown = body
	a.BodyHTML = RenderHTML(body)
	a.WordCount = WordCount(body)
}

// MaxStoredBody bounds a body and its HTML rendering together, counted
// in bytes as JSON writes them. An article is one table item (DynamoDB
// holds at most 400 KB in one), and the answer an idempotent request
// stores holds both as JSON too; markup can make the HTML many times the
// Markdown's size, so characters alone (articles.MaxBody) do not bound it.
const MaxStoredBody = 380_000

// storedSize is what body and its HTML take as JSON strings.
func storedSize(body, html string) int {
	md, _ := json.Marshal(body)
	h, _ := json.Marshal(html)
	return len(md) + len(h)
}

// fits refuses a body that, with its HTML rendering, is too large to store
// (see MaxStoredBody).
func fits(body string) string {
	if storedSize(body, RenderHTML(body)) > MaxStoredBody {
		return fmt.Sprintf("is too large to store once rendered: the Markdown and its HTML may take at most %d bytes together as JSON; shorten the article", MaxStoredBody)
	}
	return ""
}

// Fits reports whether a body can be stored with its HTML rendering (see
// MaxStoredBody). Text that comes from a model, or that a rewrite makes,
// is checked with it.
func Fits(body string) bool { return fits(body) == "" }

// imgTag matches a raw HTML image tag: <img>, and <image>, which HTML
// parsers read as <img> (and SVG draws as an image too).
var imgTag = regexp.MustCompile(`(?i)<im(?:g|age)[\s/>]`)

// HasImages reports whether a Markdown body holds an image that the
// articles' rule refuses (see noImages). Text that comes from a model is
// checked with it: the public articles API promises bodies without images.
func HasImages(body string) bool { return noImages(body) != "" }

// noImages refuses a Markdown body with an image, Markdown's or a raw
// <img> tag (in a code span or block it is text, and fine): the public
// articles API promises bodies without images.
func noImages(body string) string {
	if !strings.Contains(body, "![") && !imgTag.MatchString(body) {
		return ""
	}
	src := []byte(body)
	found := false
	_ = ast.Walk(markdown.Parser().Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			found = true
		case *ast.RawHTML:
			found = imgTag.Match(n.Segments.Value(src))
		case *ast.HTMLBlock:
			found = imgTag.Match(n.Lines().Value(src))
		}
		if found {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if found {
		return "must not contain images (Markdown images or <img> tags): articles carry text only"
	}
	return ""
}
