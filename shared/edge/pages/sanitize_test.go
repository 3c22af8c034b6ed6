package pages

import (
	"strings"
	"testing"
)

func TestSanitizeKeepsArticlesAndDropsTheRest(t *testing.T) {
	in := `<h1>Title</h1><h2 id="x" onclick="y()">Steps</h2><p>Text &amp; <strong>bold</strong> <a href="https://ok.example/a" target="_blank">link</a>` +
		` <a href="javascript:alert(1)">bad</a> <img src=x onerror=alert(2)></p><script>alert(3)</script><style>p{}</style>` +
		`<table><tr><td>cell</td></tr></table><iframe src="https://evil.example"></iframe><form action="/x"><input name=csrf></form>`
	got := sanitize(in)
	// Headings go two levels down, under the page's h1 and "Preview" h2.
	for _, want := range []string{"<h3>Title</h3>", "<h4>Steps</h4>", "Text &amp; <strong>bold</strong>", `<a href="https://ok.example/a" rel="nofollow noopener">link</a>`, "<a>bad</a>", "<td>cell</td>"} {
		if !strings.Contains(got, want) {
			t.Errorf("sanitized HTML lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"onclick", "javascript:", "<img", "onerror", "<script", "alert(3)", "<style", "<iframe", "<form", "<input", "target="} {
		if strings.Contains(got, bad) {
			t.Errorf("sanitized HTML keeps %q:\n%s", bad, got)
		}
	}
}
