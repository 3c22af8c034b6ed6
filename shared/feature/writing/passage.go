package writing

import (
	"fmt"
	"strings"

	"rvcontent/shared/feature/articles/editing"
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

// plainHeading is a heading's text compared loosely: lower case, inline
// emphasis and code marks dropped, spaces collapsed.
func plainHeading(s string) string {
	s = strings.NewReplacer("*", "", "_", "", "`", "").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

// findSection locates the content under the heading named name, up to the
// next heading of the same or a higher level. A heading is named by its
// text as written in body_markdown or as it reads in body_html (a link's
// text rather than its Markdown, as the dashboard offers it).
func findSection(body, name string) (passage, error) {
	hs := editing.Headings(body)
	want := plainHeading(name)
	found := -1
	for i, h := range hs {
		if plainHeading(h.Text) == want || plainHeading(h.Plain) == want {
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
	p := passage{start: h.LineEnd, end: len(body), section: h.Text}
	for _, n := range hs[found+1:] {
		if n.Level <= h.Level {
			p.end = n.LineStart
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
