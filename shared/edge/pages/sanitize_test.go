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

// TestSanitizeBalances: the preview closes every element it opened and
// drops end tags of elements it did not open, so an article's markup
// never reaches the page around it.
func TestSanitizeBalances(t *testing.T) {
	cases := map[string]string{
		`<p><a href="https://x.example/">open`:       `<p><a href="https://x.example/" rel="nofollow noopener">open</a></p>`,
		`<ul><li>a<ul><li>b</li></ul></li>`:          `<ul><li>a<ul><li>b</li></ul></li></ul>`,
		`</div></main><p>x</p></td></table>`:         `<p>x</p>`,
		`<a href="https://x.example/">one<a>two</a>`: `<a href="https://x.example/" rel="nofollow noopener">one</a><a>two</a>`,
		`<blockquote><strong>q</blockquote> after`:   `<blockquote><strong>q</strong></blockquote> after`,
		`<table><tr><td>cell<br/><hr>`:               `<table><tr><td>cell<br><hr></td></tr></table>`,
		`<strong/>bold`:                              `<strong>bold</strong>`,
	}
	for in, want := range cases {
		if got := sanitize(in); got != want {
			t.Errorf("sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}
