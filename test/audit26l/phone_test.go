package audit26l

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// cutButtonsJS lists the buttons of the open page that do not fit: wider
// than their own box (their text cut) or reaching past the screen's right
// edge, which a scrolling table hides from the page's own width.
const cutButtonsJS = `[...document.querySelectorAll('main button')].filter(b => b.getClientRects().length && (b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > window.innerWidth + 1)).map(b => b.textContent.trim().slice(0, 40))`

// TestRevokeButtonsOfLongNamesFitAPhone: README ("Owner dashboard",
// Pages): settings show "agent keys and apps with last use", and the pages
// follow WCAG 2.1 AA with "nothing wider than a 320 px screen"; at phone
// width tables stack. An app's client_name may be 100 characters and a
// key's name 60, one word each (README "Registration"; spec 4.4). On the
// agent keys and apps page, the owner opens "Disconnect…" or "Revoke…":
// before the fix the button "Disconnect <name>" or "Revoke <name>" kept
// the name on one line, so at 390 and 320 px it ran past the screen's
// edge inside the table's scrolling box, cut short: its first word, what
// the button does, was out of sight. Now the name breaks and the button
// fits.
func TestRevokeButtonsOfLongNamesFitAPhone(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	o.Connect(t, env.NewOAuthApp(t, strings.Repeat("W", 100)))
	o.Client.CreateAgentKey(t, strings.Repeat("K", 60))
	c := chrome.New(t, env, o.Email)
	c.Open("/dashboard/settings/agents")
	chrome.Eval[bool](c, `(() => { document.querySelectorAll('main details').forEach(d => d.open = true); return true })()`)
	for _, w := range []int64{390, 320} {
		if err := chromedp.Do(c.Ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		if cut := chrome.Eval[[]string](c, cutButtonsJS); len(cut) > 0 {
			t.Errorf("at %d px these buttons do not fit the screen: %q", w, cut)
		}
	}
	c.Shoot(shotDir, "agents-long-names", 390, 320)
}
