package audit25e

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"rvcontent/test/testenv"
)

// TestArticlePreviewStaysInsideItsBox: README ("Owner dashboard",
// Forms): "an article's preview keeps only the elements articles are made
// of", and agents cannot do what only the signed-in owner may. An
// article's body (raw HTML from the Markdown included) comes from an
// agent; the preview wrote the elements it kept as they came, so an
// unclosed link (or list, table, quote) stayed open past the preview: a
// browser carries an open <a> on into the rest of the page, and the
// page's own controls after it ("Rewrite a section", "Delete this
// article") became links to the address the article named, a way for an
// agent to send the owner to any page from the dashboard. The preview now
// closes what it opened and drops end tags of what it did not open, so a
// browser's reading of the page (golang.org/x/net/html builds the tree as
// browsers do) keeps every element of the article inside the preview.
func TestArticlePreviewStaysInsideItsBox(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	const evil = "https://evil.example/sign-in"
	for name, body := range map[string]string{
		"an unclosed link":     "# Rockets\n\nModel rockets for schools.\n\n<a href=\"" + evil + "\">Read more\n\nTail of the article.\n",
		"unclosed blocks":      "# Rockets\n\nModel rockets for schools.\n\n<blockquote><ul><li><table><tr><td>Read more\n\nTail of the article.\n",
		"end tags of the page": "# Rockets\n\nModel rockets for schools.\n\n</div></div></main><a href=\"" + evil + "\">Read more</a>\n\nTail of the article.\n",
	} {
		t.Run(name, func(t *testing.T) { previewStaysInside(t, o, body, evil) })
	}
}

// previewStaysInside opens the dashboard page of a new article of o with
// body and fails when the preview's markup reaches the page around it.
func previewStaysInside(t *testing.T, o *testenv.Owner, body, evil string) {
	t.Helper()
	art := o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "Rockets", "body_markdown": body}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	page := o.Browser.Get(t, "/dashboard/sites/"+o.SiteID+"/articles/"+art["id"].(string)).Expect(t, http.StatusOK, "Delete this article")

	doc, err := html.Parse(strings.NewReader(page.Body))
	if err != nil {
		t.Fatal(err)
	}
	var preview, details *html.Node
	var leaks []string
	var walk func(n *html.Node, inPreview bool, link string)
	walk = func(n *html.Node, inPreview bool, link string) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "div" && attrOf(n, "class") == "preview" && preview == nil:
				preview, inPreview = n, true
			case n.Data == "a":
				link = attrOf(n, "href")
				if link == evil && !inPreview {
					leaks = append(leaks, "the article's link repeated outside the preview")
				}
			case n.Data == "details":
				details = n
				if inPreview {
					leaks = append(leaks, "the page's Delete this article inside the preview")
				}
			}
		}
		if n.Type == html.TextNode && !inPreview && link == evil && strings.TrimSpace(n.Data) != "" {
			leaks = append(leaks, "page text "+strconv.Quote(strings.TrimSpace(n.Data))+" inside the article's link")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inPreview, link)
		}
	}
	walk(doc, false, "")
	if preview == nil || details == nil {
		t.Fatalf("the page has no preview or no Delete details:\n%s", page.Body)
	}
	if len(leaks) > 0 {
		t.Fatalf("the article's markup leaves its preview: %s", strings.Join(leaks, "; "))
	}
	for _, want := range []string{"Model rockets for schools.", "Read more", "Tail of the article."} {
		if !strings.Contains(textOf(preview), want) {
			t.Errorf("the preview lacks %q: %q", want, textOf(preview))
		}
	}
}

// attrOf returns n's attribute key, or "".
func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// textOf returns the text under n.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}
