package pages

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An article's body_html is not sanitised (it keeps raw HTML from the
// Markdown, and backlink anchors come from other accounts), so the preview
// keeps only the elements articles are made of, drops every attribute but
// a link's http(s) address, and writes every text escaped.

// allowedTags are the elements the preview keeps.
var allowedTags = map[atom.Atom]bool{
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.P: true, atom.Br: true, atom.Hr: true, atom.Ul: true, atom.Ol: true, atom.Li: true,
	atom.Strong: true, atom.B: true, atom.Em: true, atom.I: true, atom.Del: true, atom.S: true,
	atom.Code: true, atom.Pre: true, atom.Blockquote: true, atom.A: true,
	atom.Table: true, atom.Thead: true, atom.Tbody: true, atom.Tr: true, atom.Th: true, atom.Td: true,
	atom.Sup: true, atom.Sub: true, atom.Dl: true, atom.Dt: true, atom.Dd: true,
}

// headingLevel is the level of each heading element.
var headingLevel = map[atom.Atom]int{atom.H1: 1, atom.H2: 2, atom.H3: 3, atom.H4: 4, atom.H5: 5, atom.H6: 6}

// demoted is heading a of an article as the preview writes it, where top
// is the article's highest heading level: that level becomes h3, under
// the page's own h1 and its "Preview" h2, and the rest follow it (at most
// h6), so the page keeps one h1 and its outline whether the article's
// headings start at H1 or lower.
func demoted(a atom.Atom, top int) string {
	return "h" + strconv.Itoa(min(6, headingLevel[a]-top+3))
}

// topHeading is the highest (smallest) level of the headings the preview
// keeps of src, 1 when it keeps none.
func topHeading(src string) int {
	top, skip := 0, 0
	z := html.NewTokenizer(strings.NewReader(src))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		name, _ := z.TagName()
		a := atom.Lookup(name)
		switch {
		case droppedWithText[a] && tt == html.StartTagToken:
			skip++
		case droppedWithText[a] && tt == html.EndTagToken && skip > 0:
			skip--
		case tt == html.StartTagToken && skip == 0 && headingLevel[a] > 0 && (top == 0 || headingLevel[a] < top):
			top = headingLevel[a]
		}
	}
	return max(top, 1)
}

// droppedWithText are the elements whose content goes too.
var droppedWithText = map[atom.Atom]bool{atom.Script: true, atom.Style: true, atom.Template: true, atom.Iframe: true, atom.Object: true, atom.Noscript: true}

// sanitize returns the safe subset of an article's HTML, balanced: it
// closes every element it opened, at the latest at its end, and drops an
// end tag of an element it did not open, so nothing of the article (an
// unclosed link, list or table) reaches the page around the preview, whose
// own controls would otherwise become part of it.
func sanitize(src string) string {
	var out bytes.Buffer
	top := topHeading(src)
	z := html.NewTokenizer(strings.NewReader(src))
	skip := 0                      // depth inside an element dropped with its content
	var open []string              // the kept elements open, innermost last
	closeTo := func(name string) { // the innermost open name and what it holds
		for i := len(open) - 1; i >= 0; i-- {
			if open[i] == name {
				for j := len(open) - 1; j >= i; j-- {
					out.WriteString("</" + open[j] + ">")
				}
				open = open[:i]
				return
			}
		}
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			for j := len(open) - 1; j >= 0; j-- {
				out.WriteString("</" + open[j] + ">")
			}
			return out.String()
		case html.TextToken:
			if skip == 0 {
				out.WriteString(html.EscapeString(string(z.Text())))
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			tok := z.Token()
			if droppedWithText[tok.DataAtom] {
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
				continue
			}
			if skip > 0 || !allowedTags[tok.DataAtom] {
				continue
			}
			name := tok.Data
			if headingLevel[tok.DataAtom] > 0 {
				name = demoted(tok.DataAtom, top)
			}
			if tt == html.EndTagToken {
				closeTo(name) // nothing when it is not open
				continue
			}
			if tok.DataAtom == atom.A {
				closeTo(name) // a link inside a link ends the first, as browsers read it
			}
			if !voidTags[tok.DataAtom] {
				open = append(open, name) // a "/>" does not close an element in HTML
			}
			out.WriteString("<" + name)
			if tok.DataAtom == atom.A {
				for _, a := range tok.Attr {
					if a.Key == "href" && safeHref(a.Val) {
						out.WriteString(` href="` + html.EscapeString(a.Val) + `" rel="nofollow noopener"`)
					}
				}
			}
			out.WriteString(">")
		}
	}
}

// safeHref reports whether a link may keep its address: http(s) or a
// fragment.
func safeHref(v string) bool {
	if strings.HasPrefix(v, "#") {
		return true
	}
	u, err := url.Parse(strings.TrimSpace(v))
	return err == nil && (u.Scheme == "http" || u.Scheme == "https")
}
