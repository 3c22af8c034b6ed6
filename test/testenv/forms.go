package testenv

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Form returns what a browser would send for the page's form whose action
// is action: every named input (checked ones only for checkboxes), select
// (its selected options, else its first) and textarea. With match
// ("name=value" pairs) it picks the form that has those values, for pages
// with several forms to one address. It fails the test when there is none.
func (p *Page) Form(t testing.TB, action string, match ...string) url.Values {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(p.Body))
	if err != nil {
		t.Fatal(err)
	}
	var found url.Values
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if found != nil {
			return
		}
		if n.Type == html.ElementNode && n.Data == "form" && attr(n, "action") == action {
			v := formValues(n)
			ok := true
			for _, m := range match {
				name, want, _ := strings.Cut(m, "=")
				ok = ok && v.Get(name) == want
			}
			if ok {
				found = v
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if found == nil {
		t.Fatalf("page has no form to %s %v:\n%s", action, match, p.Body)
	}
	return found
}

// HasForm reports whether the page has a form whose action is action.
func (p *Page) HasForm(action string) bool {
	return strings.Contains(p.Body, `action="`+html.EscapeString(action)+`"`)
}

// formValues returns the values a browser sends for form n.
func formValues(n *html.Node) url.Values {
	v := url.Values{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			name := attr(n, "name")
			switch n.Data {
			case "input":
				switch attr(n, "type") {
				case "submit", "button", "reset":
				case "checkbox", "radio":
					if has(n, "checked") && name != "" {
						v.Add(name, valueOr(n, "on"))
					}
				default:
					if name != "" {
						v.Add(name, attr(n, "value"))
					}
				}
			case "textarea":
				if name != "" {
					v.Add(name, text(n))
				}
			case "select":
				if name != "" {
					var first string
					chosen := false
					for _, o := range options(n) {
						if first == "" {
							first = valueOr(o, text(o))
						}
						if has(o, "selected") {
							v.Add(name, valueOr(o, text(o)))
							chosen = true
						}
					}
					if !chosen {
						v.Add(name, first)
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return v
}

func options(sel *html.Node) []*html.Node {
	var out []*html.Node
	for c := sel.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "option" {
			out = append(out, c)
		}
	}
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func has(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func valueOr(n *html.Node, def string) string {
	if has(n, "value") {
		return attr(n, "value")
	}
	return def
}

func text(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}
