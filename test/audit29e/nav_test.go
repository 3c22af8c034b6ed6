package audit29e

import (
	"strings"
	"testing"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// currentJS lists the navigation links marked current on the open page:
// "<label>|<aria-current>|<whether the link leads to this very page>".
const currentJS = `[...document.querySelectorAll('nav a[aria-current]')].map(a => {
const u = new URL(a.href);
return a.textContent.trim() + '|' + a.getAttribute('aria-current') + '|' + (u.pathname === location.pathname && u.search === location.search);
})`

// TestCurrentNavItemIsTheAreaNotThePage: WAI-ARIA 1.2 (aria-current):
// "page: Represents the current page within a set of pages"; the brief
// and README ("Owner dashboard": "The pages follow WCAG 2.1 AA ... named
// landmarks") ask for the current navigation item to be marked. Every
// dashboard page marks its area in the main navigation and, on a site's
// pages, its section in the site's navigation. Before the fix a page
// under an area (an agent keys, webhooks or webhook page under Settings;
// an article, its edit or score page under Articles; a research run under
// Keywords; a thread under Forum; a backlink target under Backlinks)
// marked the area's link aria-current="page", so a screen reader said
// "current page" of a link that leads to another page. Now the link of
// the page itself says "page" and an area's link on a page under it says
// "true" (the current item of the set), still shown as current.
func TestCurrentNavItemIsTheAreaNotThePage(t *testing.T) {
	env := testenv.Shared(t)
	d := newDashboard(t, env)
	c := chrome.New(t, env, d.o.Email)
	for _, p := range d.pages {
		c.Open(p.path)
		marked := map[string]bool{}
		for _, m := range chrome.Eval[[]string](c, currentJS) {
			f := strings.Split(m, "|")
			marked[f[0]] = true
			if f[1] == "page" && f[2] != "true" {
				errorf(t, p, "the link %q is aria-current=\"page\" but leads to another page", f[0])
			}
			if f[1] != "page" && f[2] == "true" {
				errorf(t, p, "the link %q leads to this page but is aria-current=%q", f[0], f[1])
			}
		}
		for _, area := range p.areas {
			if !marked[area] {
				errorf(t, p, "the link of its area %q is not marked current (marked: %v)", area, marked)
			}
		}
		if chrome.Eval[string](c, `(() => { const a = document.querySelector('nav a[aria-current]'); return a ? getComputedStyle(a).borderBottomStyle : 'solid'; })()`) != "solid" {
			errorf(t, p, "the current area's link is not shown as current")
		}
	}
	c.Open(d.pages[4].path) // agent keys: its area, Settings, marked "true"
	c.Shoot(shotDir, "nav-agents", 390, 1280)
}
