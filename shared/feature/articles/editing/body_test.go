package editing

import (
	"strings"
	"testing"

	"rvcontent/shared/kernel/input"
)

// TestParsedBodyIsRenderedOnce: the rendering the size check made is the
// one the article takes, and a body not checked is rendered when set.
func TestParsedBodyIsRenderedOnce(t *testing.T) {
	o, err := input.Parse([]byte(`{"title": "T", "body_markdown": "  # Hello\n\nSome **bold** words.  "}`))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseDraft(o)
	if err != nil {
		t.Fatal(err)
	}
	if d.body.Markdown != d.BodyMarkdown || d.body.HTML == "" {
		t.Fatalf("the size check kept %+v for body %q", d.body, d.BodyMarkdown)
	}
	d.body.HTML = "<p>kept</p>" // what the article takes must be the check's
	if got := d.rendering().HTML; got != "<p>kept</p>" {
		t.Fatalf("the article renders the body again: %q", got)
	}
	d.BodyMarkdown = "Changed"
	if got := d.rendering().HTML; !strings.Contains(got, "Changed") {
		t.Fatalf("a body changed since its check keeps the old rendering: %q", got)
	}
	if got := (Draft{BodyMarkdown: "*made in code*"}).rendering(); !strings.Contains(got.HTML, "<em>made in code</em>") || got.Words != 3 {
		t.Fatalf("a body not checked is not rendered: %+v", got)
	}
}
