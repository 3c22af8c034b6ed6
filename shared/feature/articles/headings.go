package articles

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Heading is a top-level heading of a body: where its first line starts
// and where its last line ends (after its newline; a setext heading's
// underline included), its level and its text.
type Heading struct {
	LineStart, LineEnd, Level int
	Text                      string
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
		out = append(out, Heading{LineStart: start, LineEnd: end, Level: h.Level, Text: strings.Join(words, " ")})
	}
	return out
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
