package audit29e

import (
	"testing"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// clippedJS lists, at the open width, the boxes of a table (stacked at
// phone width) that still scroll sideways, and the controls that reach
// past the right edge of the box or the screen they are in.
const clippedJS = `(() => {
const out = [];
for (const s of document.querySelectorAll('.scroll')) if (s.scrollWidth > s.clientWidth + 1) out.push('a table box scrolls sideways (' + s.scrollWidth + ' > ' + s.clientWidth + ' px): ' + (s.querySelector('caption') || s).textContent.trim().slice(0, 40));
for (const el of document.querySelectorAll('main button, main summary, main a.button')) {
  const r = el.getBoundingClientRect(), box = el.closest('.scroll'), edge = box ? Math.min(innerWidth, box.getBoundingClientRect().right) : innerWidth;
  if (r.width > 0 && r.right > edge + 1) out.push(el.tagName.toLowerCase() + ' "' + el.textContent.trim().slice(0, 60) + '" runs ' + Math.round(r.right - edge) + ' px past the edge');
}
return out;
})()`

// TestTableControlsFitAPhone: README ("Owner dashboard"): "at phone width
// tables stack", "nothing wider than a 320 px screen", and "A button with
// a long one-word name wraps rather than running off a phone's screen".
// A disclosure's summary in a table cell is such a button (Remove a Studio
// site on Billing, Delete a keyword, Revoke a key). Before the fix it
// kept to one line at every width (td summary{white-space:nowrap}): on
// Billing at 390 px "Remove Acme Model Rockets and Launch Pads for
// Schools" ran past the screen inside the Studio sites table, whose box
// then scrolled sideways and cut the button's name off (the page itself
// did not scroll, so the check of the page's width missed it). Now at
// phone width a summary wraps like any button and no stacked table's box
// scrolls, on every page.
func TestTableControlsFitAPhone(t *testing.T) {
	env := testenv.Shared(t)
	d := newDashboard(t, env)
	c := chrome.New(t, env, d.o.Email)
	for _, p := range d.pages {
		c.Open(p.path)
		for _, w := range []int64{320, 390} {
			at(t, c, w)
			for _, problem := range chrome.Eval[[]string](c, clippedJS) {
				errorf(t, p, "at %d px: %s", w, problem)
			}
		}
		if p.name == "billing" {
			c.Shoot(shotDir, "phone-billing", 390, 1280)
		}
	}
}
