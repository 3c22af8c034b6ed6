package editing

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Heading is a top-level heading of a body: where its first line starts
// and where its last line ends (after its newline; a setext heading's
// underline included), its level, its text as written and its text as
// it reads once rendered.
type Heading struct {
	LineStart, LineEnd, Level int
	// Text is the heading's Markdown source, without its marks.
	Text string
	// Plain is what a reader sees of it (the text of its <hN> in the
	// rendering): "See the [docs](https://example.com) &amp; `go test`"
	// reads "See the docs & go test".
	Plain string
}

// Headings lists the top-level headings of body, in order, read as
// articles render (RenderHTML): ATX ("## Text") and setext (text
// underlined with = or -) alike, never a line inside code. They are the
// sections a rewrite may name.
func Headings(body string) []Heading {
	src := []byte(body)
	var out []Heading
	root := markdown.Parser().Parse(text.NewReader(src))
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		lines := h.Lines()
		if lines.Len() == 0 {
			continue // an empty heading ("##") names no section
		}
		first, last := lines.At(0), lines.At(lines.Len()-1)
		start := strings.LastIndexByte(body[:first.Start], '\n') + 1
		end := afterLine(body, last.Stop)
		if !isATX(body[start:afterLine(body, start)]) {
			end = afterLine(body, end) // a setext heading: its underline too
		}
		words := make([]string, 0, lines.Len())
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			words = append(words, strings.TrimSpace(string(seg.Value(src))))
		}
		out = append(out, Heading{LineStart: start, LineEnd: end, Level: h.Level, Text: strings.Join(words, " "), Plain: plain(h, src)})
	}
	return out
}

// plain returns the text of heading h as it reads once rendered: links and
// emphasis give their text, code spans their code, backslash escapes and
// character references are resolved, raw HTML tags and images (whose alt
// text is an attribute) give nothing, and runs of space are one space.
func plain(h ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			v := n.Segment.Value(src)
			if !n.IsRaw() {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			b.Write(v)
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		case *ast.AutoLink:
			b.Write(n.Label(src))
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML, *ast.Image:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// isATX reports whether line opens an ATX heading: up to 3 spaces, 1 to 6
// "#", then a space, a tab or the line's end ("#tag" is text, so a setext
// heading may start with it).
func isATX(line string) bool {
	line = strings.TrimRight(line, "\r\n")
	rest := strings.TrimLeft(line, " ")
	if len(line)-len(rest) > 3 {
		return false
	}
	marks := len(rest) - len(strings.TrimLeft(rest, "#"))
	if marks < 1 || marks > 6 {
		return false
	}
	return len(rest) == marks || rest[marks] == ' ' || rest[marks] == '\t'
}

// afterLine returns the offset just after the line of body that holds
// offset i (after its newline, or the body's end).
func afterLine(body string, i int) int {
	if i >= len(body) {
		return len(body)
	}
	if j := strings.IndexByte(body[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(body)
}
