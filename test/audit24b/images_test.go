package audit24b

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestImageAfterAnHTMLBlocksClosingTagIsRefused: README "Articles": "no
// images, as the public API promises: a Markdown image or an `<img>` tag
// ... outside code answers 422, here and in `PATCH`". An <img> written on
// the line that closes a raw HTML block ("-->", "</pre>", "</script>",
// "</style>") was accepted (201) and came back in body_html as a live
// <img> element: the check read the block's lines but not its closing
// one, which renders as it stands.
func TestImageAfterAnHTMLBlocksClosingTagIsRefused(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	base := articles(acct)
	for _, body := range []string{
		"Intro.\n\n<!--\nnote\n--><img src=\"https://acme.com/a.png\">\n",
		"Intro.\n\n<pre>\ncode\n</pre><img src=\"https://acme.com/a.png\">\n",
		"Intro.\n\n<script>\nvar a;\n</script><IMG SRC=\"https://acme.com/a.png\">\n",
		"Intro.\n\n<style>\np {}\n</style><image href=\"https://acme.com/a.png\">\n",
	} {
		r := c.Agent(t, "POST", base, map[string]any{"title": "Pictures", "body_markdown": body})
		if r.Status == http.StatusCreated {
			html, _ := r.Article(t)["body_html"].(string)
			t.Errorf("POST with %q: 201, body_html %q carries an image", body, html)
			continue
		}
		wantInvalid(t, "POST "+body, r, "body_markdown")
	}

	// The same bodies through PATCH, and the closing line without an
	// image stays accepted.
	idea := c.Agent(t, "POST", base, map[string]any{"title": "Pictures"}).Expect(t, http.StatusCreated).Article(t)
	path := base + "/" + idea["id"].(string)
	wantInvalid(t, "PATCH", c.Agent(t, "PATCH", path, map[string]any{
		"body_markdown": "Intro.\n\n<pre>\ncode\n</pre><img src=\"https://acme.com/a.png\">\n",
	}), "body_markdown")
	ok := c.Agent(t, "PATCH", path, map[string]any{
		"body_markdown": "Intro.\n\n<pre>\ncode\n</pre><b>bold</b>\n",
	}).Expect(t, http.StatusOK).Article(t)
	if html, _ := ok["body_html"].(string); !strings.Contains(html, "<b>bold</b>") {
		t.Fatalf("body_html %q lost the closing line's markup", html)
	}
}
