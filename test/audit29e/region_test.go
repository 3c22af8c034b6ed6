package audit29e

import (
	"testing"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// regionsJS lists the sideways-scrolling boxes of tables on the open page
// that are not a region named by their table's caption, and counts those
// that scroll at the open width.
const regionsJS = `(() => {
const out = [];
let scrolling = 0;
for (const s of document.querySelectorAll('.scroll')) {
  if (s.scrollWidth > s.clientWidth + 1) scrolling++;
  const cap = s.querySelector('caption'), by = s.getAttribute('aria-labelledby');
  const name = by ? by.split(/\s+/).map(id => (document.getElementById(id) || {}).textContent || '').join(' ').trim() : (s.getAttribute('aria-label') || '');
  if (s.getAttribute('role') !== 'region' || !name) out.push('the box of the table "' + (cap ? cap.textContent.trim() : '?') + '" is not a named region (role ' + s.getAttribute('role') + ', name "' + name + '")');
  else if (cap && by && !by.split(/\s+/).includes(cap.id)) out.push('the box of the table "' + cap.textContent.trim() + '" is not named by its caption');
}
out.push(String(scrolling));
return out;
})()`

// TestWideTablesScrollInANamedRegion: the brief's rule "wide tables may
// scroll inside their own labelled container", and README ("Owner
// dashboard"): "tables with captions", "nothing wider than a 320 px
// screen". Above phone width a table does not stack: one wider than the
// page (a long keyword, tag or address; seven columns on a tablet)
// scrolls sideways inside its box (div.scroll), so the page itself never
// does. Before the fix that box was an anonymous div: a screen reader met
// a scrolling area with no name and no role, and a keyboard user who
// reached it (Chromium focuses a scroller) heard nothing about what it
// holds. Now every table's box is a region named by the table's caption
// (role="region" aria-labelledby the caption's id), on every page, and
// the test checks that such boxes really scroll at a tablet's width.
func TestWideTablesScrollInANamedRegion(t *testing.T) {
	env := testenv.Shared(t)
	d := newDashboard(t, env)
	c := chrome.New(t, env, d.o.Email)
	scrolled := 0
	for _, p := range d.pages {
		c.Open(p.path)
		for _, w := range []int64{700, 1280} {
			at(t, c, w)
			out := chrome.Eval[[]string](c, regionsJS)
			if out[len(out)-1] != "0" {
				scrolled++
			}
			if w == 1280 {
				for _, problem := range out[:len(out)-1] {
					errorf(t, p, "%s", problem)
				}
			}
		}
	}
	if scrolled == 0 {
		t.Errorf("no table scrolls sideways at 700 px: the test no longer shows the case it checks")
	}
	t.Logf("%d pages have a table that scrolls at 700 or 1280 px", scrolled)
}
