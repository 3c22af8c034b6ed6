package pages

import (
	"strings"
	"testing"
)

func TestSanitizeKeepsArticlesAndDropsTheRest(t *testing.T) {
	in := `<h2 id="x" onclick="y()">Steps</h2><p>Text &amp; <strong>bold</strong> <a href="https://ok.example/a" target="_blank">link</a>` +
		` <a href="javascript:alert(1)">bad</a> <img src=x onerror=alert(2)></p><script>alert(3)</script><style>p{}</style>` +
		`<table><tr><td>cell</td></tr></table><iframe src="https://evil.example"></iframe><form action="/x"><input name=csrf></form>`
	got := sanitize(in)
	for _, want := range []string{"<h2>Steps</h2>", "Text &amp; <strong>bold</strong>", `<a href="https://ok.example/a" rel="nofollow noopener">link</a>`, "<a>bad</a>", "<td>cell</td>"} {
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
