package editing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/input"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	htmltok "golang.org/x/net/html"
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

// WordCount counts the words of a Markdown body as a reader reads them
// (see htmlWords).
func WordCount(body string) int { return htmlWords(RenderHTML(body)) }

// htmlWords counts the words of an article's HTML rendering as a reader
// reads them: the text, not the markup (a link's address, a tag's
// attributes) nor a <script> or <style> element's content. A word is a
// run of characters between spaces that holds a letter or a digit, so
// lone punctuation ("&", a dash) is none; the text of inline elements
// (links, emphasis, code spans) runs on with the text around it.
func htmlWords(h string) int {
	z := htmltok.NewTokenizer(strings.NewReader(h))
	var text strings.Builder
	hidden := 0
	for {
		switch tt := z.Next(); tt {
		case htmltok.ErrorToken:
			n := 0
			for _, w := range strings.Fields(text.String()) {
				if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
					n++
				}
			}
			return n
		case htmltok.TextToken:
			if hidden == 0 {
				text.Write(z.Text())
			}
		case htmltok.StartTagToken, htmltok.EndTagToken, htmltok.SelfClosingTagToken:
			name, _ := z.TagName()
			switch tag := string(name); {
			case tag == "script" || tag == "style":
				if tt == htmltok.StartTagToken {
					hidden++
				} else if hidden > 0 {
					hidden--
				}
			case !inlineTags[tag]:
				text.WriteByte(' ') // a block's text is apart from the next one's
			}
		}
	}
}

// inlineTags are the elements whose text runs on with the text around
// them.
var inlineTags = map[string]bool{
	"a": true, "abbr": true, "b": true, "cite": true, "code": true, "del": true, "em": true, "i": true, "ins": true,
	"kbd": true, "mark": true, "q": true, "s": true, "samp": true, "small": true, "span": true, "strong": true,
	"sub": true, "sup": true, "u": true, "var": true,
}

// Body is a Markdown body with what derives from it: its HTML rendering
// and word count. Rendering a long body takes tens of milliseconds, so a
// body is rendered once (Render) for both the size check (Fits) and the
// article (Set).
type Body struct {
	Markdown, HTML string
	Words          int
}

// Render renders body.
func Render(body string) Body {
	h := RenderHTML(body)
	return Body{Markdown: body, HTML: h, Words: htmlWords(h)}
}

// Set sets the article's body to b.
func Set(a *articles.Article, b Body) {
	a.BodyMarkdown, a.BodyHTML, a.WordCount = b.Markdown, b.HTML, b.Words
}

// SetBody sets the article's Markdown body and what derives from it:
// its HTML rendering and word count.
func SetBody(a *articles.Article, body string) { Set(a, Render(body)) }

// MaxStoredBody bounds a body and its HTML rendering together, counted
// in bytes as JSON writes them. An article is one table item (DynamoDB
// holds at most 400 KB in one), and the answer an idempotent request
// stores holds both as JSON too; markup can make the HTML many times the
// Markdown's size, so characters alone (articles.MaxBody) do not bound it.
const MaxStoredBody = 380_000

// storedSize is what the body and its HTML take as JSON strings.
func (b Body) storedSize() int {
	md, _ := json.Marshal(b.Markdown)
	h, _ := json.Marshal(b.HTML)
	return len(md) + len(h)
}

// tooLarge refuses a body that, with its HTML rendering, is too large to
// store (see MaxStoredBody).
func (b Body) tooLarge() string {
	if b.storedSize() > MaxStoredBody {
		return fmt.Sprintf("is too large to store once rendered: the Markdown and its HTML may take at most %d bytes together as JSON; shorten the article", MaxStoredBody)
	}
	return ""
}

// Fits reports whether the body can be stored with its HTML rendering
// (see MaxStoredBody). Text that comes from a model, or that a rewrite
// makes, is checked with it.
func (b Body) Fits() bool { return b.tooLarge() == "" }

// Fits reports whether body can be stored with its HTML rendering (see
// Body.Fits).
func Fits(body string) bool { return Render(body).Fits() }

// rendered is the input check of a body's stored size (see
// Body.tooLarge) that keeps the rendering it made in *into, so that the
// article takes it rather than rendering the body again.
func rendered(into *Body) input.Check {
	return func(body string) string {
		*into = Render(body)
		return into.tooLarge()
	}
}

// pictureTag matches the raw HTML tags that show a picture whatever their
// attributes: <img>, and <image>, which HTML parsers read as <img> (and
// SVG draws as an image too); <object> and <embed>, which show a picture
// file as readily as anything else.
var pictureTag = regexp.MustCompile(`(?i)<(?:im(?:g|age)|object|embed)[\s/>]`)

// pictureAttr reports whether raw HTML s shows a picture by an attribute:
// an image button (<input type=image>), a video's poster, and a background
// picture (a background attribute, or url(...) in a style attribute or a
// <style> element). It reads s with an HTML tokenizer, as browsers do: a
// quoted attribute value may hold a ">", a "/" separates attributes as a
// space does, and character references in a value (u&#114;l, &#105;mage)
// are decoded before the value is read. showsPicture asks it only when a
// word it needs, or a character reference, is there.
func pictureAttr(s string) bool {
	z := htmltok.NewTokenizer(strings.NewReader(s))
	inStyle := false
	for {
		switch z.Next() {
		case htmltok.ErrorToken:
			return false
		case htmltok.StartTagToken, htmltok.SelfClosingTagToken:
			tag := z.Token()
			inStyle = tag.Data == "style"
			for _, a := range tag.Attr {
				v := strings.ToLower(a.Val)
				switch {
				case a.Key == "background",
					a.Key == "poster" && tag.Data == "video",
					a.Key == "type" && tag.Data == "input" && strings.TrimSpace(v) == "image",
					a.Key == "style" && cssURL.MatchString(v):
					return true
				}
			}
		case htmltok.TextToken:
			if inStyle && cssURL.Match(bytes.ToLower(z.Text())) {
				return true
			}
		case htmltok.EndTagToken:
			inStyle = false
		}
	}
}

// styleTag matches a <style> start tag.
var styleTag = regexp.MustCompile(`(?i)^<style[\s/>]`)

// cssURL matches a CSS url(...) in lower-case CSS.
var cssURL = regexp.MustCompile(`url\s*\(`)

// pictureWords are what pictureAttr cannot find a picture without, in
// lower case; "&" starts a character reference, which may spell any of
// them.
var pictureWords = []string{"image", "poster", "background", "url", "&"}

// showsPicture reports whether raw HTML s shows a picture (pictureTag,
// pictureAttr).
func showsPicture(s string) bool {
	if pictureTag.MatchString(s) {
		return true
	}
	lower := strings.ToLower(s)
	for _, w := range pictureWords {
		if strings.Contains(lower, w) {
			return pictureAttr(s)
		}
	}
	return false
}

// HasImages reports whether a Markdown body holds an image that the
// articles' rule refuses (see noImages). Text that comes from a model is
// checked with it: the public articles API promises bodies without images.
func HasImages(body string) bool { return noImages(body) != "" }

// noImages refuses a Markdown body with an image, Markdown's or raw HTML
// that shows a picture (showsPicture; in a code span or block it is text,
// and fine): the public articles API promises bodies without images.
func noImages(body string) string {
	if !strings.Contains(body, "![") && !showsPicture(body) {
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
			raw := string(n.Segments.Value(src))
			found = showsPicture(raw)
			if !found && styleTag.MatchString(raw) {
				// A <style> opened within a paragraph or a heading holds
				// the text after it up to its end tag, which Markdown reads
				// as text: the block's whole source is what the browser
				// reads as CSS.
				if b := n.Parent(); b != nil && b.Type() == ast.TypeBlock {
					found = showsPicture(string(b.Lines().Value(src)))
				}
			}
		case *ast.HTMLBlock:
			// The line that closes a block (the "</pre>", "-->" or
			// "</script>" line) is the block's too, and renders as it
			// stands: an <img> after the closing tag is an image.
			html := n.Lines().Value(src)
			if n.HasClosure() {
				html = append(html, n.ClosureLine.Value(src)...)
			}
			found = showsPicture(string(html))
		}
		if found {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if found {
		return "must not contain images (Markdown images, or HTML that shows a picture such as <img>, <input type=image>, a video poster, <object>, <embed> or a background): articles carry text only"
	}
	return ""
}
