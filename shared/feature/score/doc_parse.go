package score

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
)

// doc is what the checks read from a Markdown body.
type doc struct {
	headings   []heading
	paragraphs []string // top-level paragraphs in order, as plain text
	intro      string   // the first paragraph after the first H1 (or the first one)
	introAt    int      // the intro's index in paragraphs (0 without one)
	links      []string // link destinations
	lists      int
	tables     int
	sections   []int // words under each heading, up to the next heading
	words      int
}

type heading struct {
	level int
	text  string
}

var parser = goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()

// parse reads body's structure.
func parse(body string) doc {
	src := []byte(body)
	root := parser.Parse(text.NewReader(src))
	var d doc
	sectionWords := -1
	// The intro is the first paragraph under the title heading (the first
	// H1): a line above it (a date, a note) is not the opening a reader
	// reads. Without an H1, or without a paragraph after it, it is the
	// first paragraph.
	first, afterH1, sawH1 := -1, -1, false
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			t := plain(n, src)
			d.headings = append(d.headings, heading{n.Level, t})
			d.sections = append(d.sections, 0)
			sectionWords = len(d.sections) - 1
			sawH1 = sawH1 || n.Level == 1
		case *ast.Paragraph:
			t := plain(n, src)
			d.paragraphs = append(d.paragraphs, t)
			if t != "" && first < 0 {
				first = len(d.paragraphs) - 1
			}
			if t != "" && sawH1 && afterH1 < 0 {
				afterH1 = len(d.paragraphs) - 1
			}
			d.count(sectionWords, t)
		case *ast.List:
			d.lists++
			d.count(sectionWords, plain(n, src))
		case *east.Table:
			d.tables++
			d.count(sectionWords, plain(n, src))
		default:
			d.count(sectionWords, plain(n, src))
		}
	}
	if afterH1 >= 0 {
		first = afterH1
	}
	if first >= 0 {
		d.intro, d.introAt = d.paragraphs[first], first
	}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			d.links = append(d.links, string(n.Destination))
		case *ast.AutoLink:
			d.links = append(d.links, string(n.URL(src)))
		case *ast.RawHTML:
			d.links = append(d.links, htmlLinks(n.Segments.Value(src))...)
		case *ast.HTMLBlock:
			raw := n.Lines().Value(src)
			if n.HasClosure() {
				raw = append(raw, n.ClosureLine.Value(src)...)
			}
			d.links = append(d.links, htmlLinks(raw)...)
		case *east.Table:
			if n.Parent() != root {
				d.tables++
			}
		case *ast.List:
			if n.Parent() != root && n.Parent().Kind() != ast.KindListItem {
				d.lists++
			}
		}
		return ast.WalkContinue, nil
	})
	return d
}

// htmlLinks returns the destinations of the <a href> elements of raw
// HTML, which the body keeps as written and readers follow like Markdown
// links (an inline tag or an HTML block; code is not raw HTML).
func htmlLinks(raw []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(raw))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			tag := z.Token()
			if tag.Data != "a" {
				continue
			}
			for _, a := range tag.Attr {
				if a.Key == "href" && strings.TrimSpace(a.Val) != "" {
					out = append(out, strings.TrimSpace(a.Val))
					break
				}
			}
		}
	}
}

func (d *doc) count(section int, t string) {
	n := len(strings.Fields(t))
	d.words += n
	if section >= 0 {
		d.sections[section] += n
	}
}

// plain returns the text of n and its children, inline markup dropped.
func plain(n ast.Node, src []byte) string {
	var b strings.Builder
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		switch t := n.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
			return
		case *ast.String:
			b.Write(t.Value)
			return
		case *ast.AutoLink:
			b.Write(t.Label(src))
			return
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
			return
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c)
			if c.Type() == ast.TypeBlock {
				b.WriteByte(' ')
			}
		}
		if _, cell := n.(*east.TableCell); cell {
			b.WriteByte(' ')
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}
