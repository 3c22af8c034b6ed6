package editing

import "testing"

func TestNoImages(t *testing.T) {
	refused := []string{
		"Intro\n\n![a rocket](https://acme.com/r.png)\n",
		"![](https://acme.com/r.png)",
		"See ![ref image][r].\n\n[r]: https://acme.com/r.png\n",
		"Inline <img src=\"https://acme.com/r.png\"> here.",
		"<div>\n<IMG SRC=x>\n</div>\n",
		"[![badge](https://acme.com/b.svg)](https://acme.com)",
		"Parsed as img: <image src=\"https://acme.com/r.png\">",
		"<svg><IMAGE href=\"https://acme.com/r.png\"/></svg>",
		"Click <input type=\"image\" src=\"https://acme.com/go.png\" alt=\"Go\">.",
		"<video controls poster=\"https://acme.com/p.jpg\"></video>",
		"<object data=\"https://acme.com/chart.png\" type=\"image/png\"></object>",
		"An <embed src=\"https://acme.com/chart.svg\"> here.",
		"<table background=\"https://acme.com/bg.png\"><tr><td>x</td></tr></table>",
		"<div style=\"background: url('https://acme.com/bg.png')\">Hi</div>",
		"<style>\n.hero { background-image: url(https://acme.com/bg.png) }\n</style>\n",
		"<video title=\">\" poster=\"https://acme.com/p.jpg\"></video>",
		"<div>\n<input/type=image src=\"https://acme.com/go.png\">\n</div>\n",
		"<div style=\"background: u&#114;l('https://acme.com/bg.png')\">Hi</div>",
		"Hi <style>p{background:url(/bg.png)}</style> there.",
	}
	for _, body := range refused {
		if noImages(body) == "" {
			t.Errorf("noImages(%q) accepted an image", body)
		}
	}
	accepted := []string{
		"",
		"# Title\n\nA [link](https://acme.com) and some *text*.",
		"Code: `![not an image](x.png)` and `<img src=x>`.",
		"```\n![in a block](x.png)\n<img src=x>\n```\n",
		"Exclamation! [link](https://acme.com)",
		"<imgur> is not an image tag, nor is <image-caption>.",
		"Nor <imagine> or <imaged>; in code `<image src=x>` is text.",
		"<input type=\"text\" name=\"q\"> and <video controls src=\"https://acme.com/v.mp4\"></video>",
		"<div style=\"color: red\">A red url(x) in text.</div>",
		"<objection> and <embedded> are no tags of HTML.",
		"`<div style=\"background: url(x.png)\">` in code is text.",
		"<div title=\">\" style=\"color: red\">Tom &amp; Jerry</div>",
	}
	for _, body := range accepted {
		if p := noImages(body); p != "" {
			t.Errorf("noImages(%q) = %q, want accepted", body, p)
		}
	}
}
