package audit25j

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestPictureHTMLWrittenAsBrowsersReadItIsRefused: public spec 2,
// body_markdown "no images"; README, Articles: "no images, as the public
// API promises: a Markdown image, or raw HTML that shows a picture
// (`<img>`, ..., `<input type=image>`, a `<video>` poster, ..., a
// `background` attribute, or `url(...)` in a `style` attribute ...)
// outside code answers 422, here and in `PATCH`". Defect: the check read
// raw HTML with patterns that browsers do not share: an earlier attribute
// whose quoted value holds a ">" hid a poster, an image type or a
// background after it; a "/" between attributes (which browsers read as a
// space) hid them too; and an attribute value written with character
// references (`u&#114;l(`, `&#105;mage`), which browsers decode, was not
// decoded; and a <style> element opened inside a paragraph was checked
// without the CSS after it, which Markdown reads as text. Each such body
// was stored (201) and its body_html showed the picture. They now answer
// 422 on create and on PATCH.
func TestPictureHTMLWrittenAsBrowsersReadItIsRefused(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	base := "/sites/" + a.SiteID + "/articles"
	bodies := []string{
		"Watch <video title=\">\" poster=\"https://acme.com/p.jpg\"></video> here.\n",
		"Go <input value=\">\" type=\"image\" src=\"https://acme.com/go.png\"> now.\n",
		"<div>\n<table title='>' background=\"https://acme.com/bg.png\"><tr><td>x</td></tr></table>\n</div>\n",
		"<div>\n<video/poster=\"https://acme.com/p.jpg\"></video>\n</div>\n",
		"<div>\n<input/type=image src=\"https://acme.com/go.png\">\n</div>\n",
		"<div style=\"background: u&#114;l('https://acme.com/bg.png')\">Hi</div>\n",
		"Go <input type=\"&#105;mage\" src=\"https://acme.com/go.png\"> now.\n",
		"Hi <style>p{background:url(/bg.png)}</style> there.\n",
	}
	plain := a.Client.Agent(t, "POST", base, map[string]any{"title": "Plain", "body_markdown": "Intro."}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	for _, body := range bodies {
		if r := a.Client.Agent(t, "POST", base, map[string]any{"title": "Pictures", "body_markdown": body}); r.Status != http.StatusUnprocessableEntity {
			t.Errorf("create with %q answered %d, want 422: %s", body, r.Status, r.Body)
		}
		if r := a.Client.Agent(t, "PATCH", base+"/"+plain["id"].(string), map[string]any{"body_markdown": body}); r.Status != http.StatusUnprocessableEntity {
			t.Errorf("PATCH with %q answered %d, want 422: %s", body, r.Status, r.Body)
		}
	}
	// HTML that shows no picture stays accepted.
	for _, body := range []string{
		"<div title=\">\" style=\"color: red\">Red.</div>\n",
		"<p>Tom &amp; Jerry, <span title='a > b'>u&#114;l</span></p>\n",
	} {
		a.Client.Agent(t, "POST", base, map[string]any{"title": "No pictures", "body_markdown": body}).Expect(t, http.StatusCreated)
	}
}
