package writing

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/apperr"
)

// passage is a located part of an article's body: body[start:end] is what
// a rewrite replaces.
type passage struct {
	start, end int
	section    string // the heading, when located by section
}

// text returns the passage's Markdown, trimmed.
func (p passage) text(body string) string { return strings.TrimSpace(body[p.start:p.end]) }

// replace returns body with the passage replaced by md. A section keeps
// its heading and a blank line before the next one.
func (p passage) replace(body, md string) string {
	md = strings.TrimSpace(md)
	if p.section == "" {
		old := body[p.start:p.end]
		lead := old[:len(old)-len(strings.TrimLeft(old, " \t\r\n"))]
		trail := old[len(strings.TrimRight(old, " \t\r\n")):]
		return body[:p.start] + lead + md + trail + body[p.end:]
	}
	tail := "\n"
	if p.end < len(body) {
		tail = "\n\n"
	}
	return body[:p.start] + "\n" + md + tail + body[p.end:]
}

// headingLine is a heading of a body: where its first line starts and
// where its last line ends (after its newline; a setext heading's
// underline included), its level and its text.
type headingLine struct {
	lineStart, lineEnd, level int
	text                      string
}

// headings lists the top-level headings of body, in order, read as
// articles render them (articles.ParseMarkdown), so a section is any
// heading the body shows and the score counts: ATX ("## Text") and setext
// (text underlined with = or -) alike, never a line inside code.
func headings(body string) []headingLine {
	src := []byte(body)
	var out []headingLine
	root := articles.ParseMarkdown(src)
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
		out = append(out, headingLine{lineStart: start, lineEnd: end, level: h.Level, text: strings.Join(words, " ")})
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

// plainHeading is a heading's text compared loosely: lower case, inline
// emphasis and code marks dropped, spaces collapsed.
func plainHeading(s string) string {
	s = strings.NewReplacer("*", "", "_", "", "`", "").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

// findSection locates the content under the heading named name, up to the
// next heading of the same or a higher level.
func findSection(body, name string) (passage, error) {
	hs := headings(body)
	want := plainHeading(name)
	found := -1
	for i, h := range hs {
		if plainHeading(h.text) == want {
			if found >= 0 {
				return passage{}, apperr.Invalid(apperr.Problem{Field: "section", Problem: "matches more than one heading of the article; send the passage as text instead"})
			}
			found = i
		}
	}
	if found < 0 {
		return passage{}, apperr.Invalid(apperr.Problem{Field: "section", Problem: "is not a heading of the article's body (send a heading's text, without the #)"})
	}
	h := hs[found]
	p := passage{start: h.lineEnd, end: len(body), section: h.text}
	for _, n := range hs[found+1:] {
		if n.level <= h.level {
			p.end = n.lineStart
			break
		}
	}
	if p.text(body) == "" {
		return passage{}, apperr.Invalid(apperr.Problem{Field: "section", Problem: "has no text under its heading"})
	}
	return p, nil
}

// findText locates text, which must appear exactly once in body.
func findText(body, text string) (passage, error) {
	switch n := strings.Count(body, text); {
	case n == 0:
		return passage{}, apperr.Invalid(apperr.Problem{Field: "text", Problem: "is not in the article's body; send a passage copied exactly from body_markdown"})
	case n > 1:
		return passage{}, apperr.Invalid(apperr.Problem{Field: "text", Problem: fmt.Sprintf("appears %d times in the article's body; send a longer passage that appears once", n)})
	}
	i := strings.Index(body, text)
	return passage{start: i, end: i + len(text)}, nil
}
