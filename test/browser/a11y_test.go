package browser_test

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// targetsJS lists the controls smaller than 24 by 24 CSS pixels whose
// 24 px circle reaches another control (WCAG 2.5.8's spacing test):
// buttons, fields, disclosure summaries and navigation links.
const targetsJS = `(() => {
const els = [...document.querySelectorAll('button, input:not([type=hidden]), select, textarea, summary, nav a, a.button')].filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.right > 0; });
const rs = els.map(el => el.getBoundingClientRect()), c = r => [r.left + r.width / 2, r.top + r.height / 2], p = [];
els.forEach((el, i) => {
  const r = rs[i];
  if (r.width >= 24 && r.height >= 24) return;
  const [x, y] = c(r);
  const near = rs.some((o, j) => { if (j === i) return false; const dx = Math.max(o.left - x, 0, x - o.right), dy = Math.max(o.top - y, 0, y - o.bottom); return Math.hypot(dx, dy) < 12 || Math.hypot(c(o)[0] - x, c(o)[1] - y) < 24; });
  if (near) p.push(el.tagName.toLowerCase() + ' "' + (el.textContent || el.name || '').trim().slice(0, 40) + '" is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px, close to another control');
});
return p;
})()`

// overflowJS lists the elements that reach past the right edge of a
// screen 320 px wide, outside a scrolling box.
const overflowJS = `(() => {
const w = 320;
if (document.documentElement.scrollWidth <= w + 1) return [];
const out = [];
for (const el of document.body.querySelectorAll('*')) {
  const r = el.getBoundingClientRect();
  if (r.right > w + 1 && r.width > 0 && !el.closest('.scroll')) out.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '" ends at ' + Math.round(r.right) + ' px');
}
return out.length ? out.slice(0, 5) : ['the page is wider than the screen'];
})()`

// tabbablesJS marks each control the keyboard should reach with
// data-tab and returns how many there are; the focus starts before them.
const tabbablesJS = `(() => {
const els = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter(el => !el.disabled && el.checkVisibility({visibilityProperty: true}) && !(el.tagName !== 'SUMMARY' && el.closest('details:not([open])')));
els.forEach((el, i) => el.dataset.tab = i);
const start = document.createElement('span'); start.tabIndex = -1; document.body.prepend(start); start.focus();
return els.length;
})()`

// focusedJS describes the focused control: its data-tab number and
// whether a focus indicator of 2 px or more shows around it.
const focusedJS = `(() => {
const el = document.activeElement, s = getComputedStyle(el);
const ring = s.outlineStyle === 'auto' || (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || /\d+px \d+px \d+px [1-9]/.test(s.boxShadow);
return [el.dataset.tab === undefined ? '' : el.dataset.tab, ring ? 'ring' : 'none', el.tagName.toLowerCase() + ' "' + (el.textContent || el.name || '').trim().slice(0, 40) + '"'];
})()`

// audit checks the open page, named name, against the rules the scripts
// above test, at 320, 390 and 1280 px, and with the keyboard, failing the
// test for each problem; it saves screenshots as shoot does.
func (b *browser) audit(name string) string {
	b.t.Helper()
	b.run(chromedp.EmulateViewport(1280, 900))
	for _, problem := range get(b, chromedp.Evaluate[[]string](chrome.AuditJS)) {
		b.t.Errorf("%s (%s): %s", name, b.location(), problem)
	}
	b.run(chromedp.EmulateViewport(390, 900))
	for _, problem := range get(b, chromedp.Evaluate[[]string](targetsJS)) {
		b.t.Errorf("%s at 390 px: %s", name, problem)
	}
	b.stackedTables(name)
	b.run(chromedp.EmulateViewport(320, 900))
	for _, problem := range get(b, chromedp.Evaluate[[]string](overflowJS)) {
		b.t.Errorf("%s overflows at 320 px: %s", name, problem)
	}
	b.run(chromedp.EmulateViewport(1280, 900))
	b.keyboard(name)
	b.shoot(name)
	b.run(chromedp.EmulateViewport(320, 900))
	b.shoot320(name)
	b.run(chromedp.EmulateViewport(1280, 900))
	return get(b, chromedp.Title())
}

// shoot320 saves a screenshot of the whole page at 320 px, the narrowest
// phone, next to those shoot takes (without their number).
func (b *browser) shoot320(name string) {
	b.t.Helper()
	dir := os.Getenv("SCREENSHOT_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", ".cache", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	png := get(b, chromedp.FullScreenshot(100))
	if err := os.WriteFile(filepath.Join(dir, name+"-320.png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// stackedTables checks that each table, stacked at phone width, is still a
// table named by its caption to assistive technology (the browser's
// accessibility tree).
func (b *browser) stackedTables(name string) {
	b.t.Helper()
	want := get(b, chromedp.Evaluate[int](`[...document.querySelectorAll('table')].filter(t => !t.closest('.preview')).length`))
	tree, err := chromedp.Call(b.ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		b.t.Fatalf("accessibility tree: %v", err)
	}
	got := 0
	for _, n := range tree.Nodes {
		if n.Ignored || n.Role == nil || string(n.Role.Value) != `"table"` {
			continue
		}
		got++
		if n.Name == nil || len(n.Name.Value) < 3 {
			b.t.Errorf("%s at 390 px: a table without a name", name)
		}
	}
	if got < want {
		b.t.Errorf("%s at 390 px: %d of %d tables are tables to assistive technology", name, got, want)
	}
}

// keyboard presses Tab through the page: every control must take the
// focus in turn, with a visible focus indicator, and none may hold it (a
// date or time field takes a few presses, one per part).
func (b *browser) keyboard(name string) {
	b.t.Helper()
	n := get(b, chromedp.Evaluate[int](tabbablesJS))
	reached := map[string]bool{}
	prev, same := "", 0
	for i := 0; i < n+20 && len(reached) < n; i++ {
		b.run(chromedp.KeyEvent(kb.Tab))
		f := get(b, chromedp.Evaluate[[]string](focusedJS))
		if f[1] != "ring" && !strings.HasPrefix(f[2], "body ") {
			b.t.Errorf("%s: the focus on %s shows no focus indicator", name, f[2])
		}
		if same++; f[0] != prev {
			same = 0
		}
		if f[0] != "" && same > 4 {
			b.t.Errorf("%s: the focus stays on %s (a keyboard trap)", name, f[2])
			break
		}
		prev = f[0]
		if f[0] != "" {
			reached[f[0]] = true
		}
	}
	if len(reached) < n {
		var seen []string
		for k := range reached {
			seen = append(seen, k)
		}
		missed := get(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-tab]')].filter(el => !`+"`,"+strings.Join(seen, ",")+",`"+`.includes(','+el.dataset.tab+',')).map(el => el.outerHTML.slice(0, 120))`))
		b.t.Errorf("%s: Tab reached %d of %d controls, not %v", name, len(reached), n, missed)
	}
}

// TestAccessibility walks every page a person opens (signed out, the
// dashboard's every area and a site's every section with data on them,
// forms refused, and the payment processor's and platform's pages) and
// checks each for WCAG 2.1 AA's structural rules: lang, one h1, heading
// order, a skip link and landmarks, labelled and marked fields, errors tied
// to their field and announced, real buttons and links, tables with
// captions and scoped headers, readable times, text contrast, target size
// at 390 px, no overflow at 320 px, and a visible focus on every control
// the Tab key reaches in turn. Titles must differ from page to page.
func TestAccessibility(t *testing.T) {
	env := testenv.Shared(t)
	titles := map[string]string{}
	check := func(b *browser, name string) {
		t.Helper()
		title := b.audit(name)
		if other, ok := titles[title]; ok {
			t.Errorf("%s has the title %q of %s", name, title, other)
		}
		titles[title] = name
	}

	// Signed out.
	b := newBrowser(t, env.URL)
	b.open("/signin")
	check(b, "a11y-signin")
	// The server's refusal (past the browser's own check): the field says
	// why and has the focus.
	b.run(chromedp.Evaluate[chromedp.Void](`document.querySelector('form[action="/signin"]').noValidate = true`))
	b.fill("#email", "nobody")
	b.click(`form[action="/signin"] button`)
	b.expect("Enter the email address of your account")
	focused := ""
	for deadline := time.Now().Add(3 * time.Second); focused != "email" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		focused = get(b, chromedp.Evaluate[string](`document.activeElement.id`))
	}
	if focused != "email" {
		t.Errorf("after a refused sign-in the focus is on %q, want the email field", focused)
	}
	b.audit("a11y-signin-refused")
	unclaimed := env.NewAccount(t, "")
	b.open(strings.TrimPrefix(unclaimed.ClaimURL, env.URL))
	b.expect("Claim your account")
	check(b, "a11y-claim")
	b.click(`form button`)
	b.expect("Account claimed")
	check(b, "a11y-claimed")
	b.click(`form[action="/signin"] button`)
	b.expect("Check your email")
	check(b, "a11y-signin-sent")
	for _, m := range env.Emails(t, unclaimed.Email) {
		if m.Subject == "Your sign-in link" {
			b.open(m.Links[0])
		}
	}
	b.expect("This link signs you in as")
	check(b, "a11y-signin-link")
	b.open(strings.TrimPrefix(unclaimed.ClaimURL, env.URL))
	b.expect("Link not valid")
	check(b, "a11y-claim-used")
	b.open("/dashboard/no-such-page")
	b.expect("Page not found")
	check(b, "a11y-not-found")

	// A signed-in owner of a site with data on every page.
	host := fmt.Sprintf("a11y%d.example", time.Now().UnixNano()%1_000_000_000)
	a, b := newOwnerIn(t, env, "https://"+host)
	env.PaidPlan(t, a)
	site := "/sites/" + a.SiteID
	a.Client.Agent(t, "PATCH", site, map[string]any{"brand_name": "Acme Access"}).Expect(t, http.StatusOK)
	art := a.Client.Agent(t, "POST", site+"/articles", map[string]any{
		"title": "Launching rockets safely", "description": "Safety first", "tags": []string{"guide"}, "keyword": "rocket safety",
		"body_markdown": "# Launching rockets safely\n\nSome words about safety.\n\n## Before the launch\n\nCheck the pad.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	artID := art["id"].(string)
	a.Client.Agent(t, "POST", site+"/articles/"+artID+"/finish", nil).Expect(t, http.StatusOK)
	a.Client.Agent(t, "POST", site+"/keywords", map[string]any{"name": "rocket safety"}).Expect(t, http.StatusCreated)
	v := a.Client.Agent(t, "POST", site+"/backlinks/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	a.Client.Agent(t, "POST", site+"/backlinks/domain/verify", nil).Expect(t, http.StatusOK)
	target := a.Client.Agent(t, "POST", site+"/backlinks/targets", map[string]any{"url": "https://" + host + "/rockets", "anchors": []string{"model rockets", "rocket kits", "launch pads"}}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)
	research := a.Client.Agent(t, "POST", site+"/research", map[string]any{}).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	a.Client.WaitJob(t, research)
	word := fmt.Sprintf("a11yword%d", time.Now().UnixNano()%1_000_000)
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do I keep " + word + " safe at school?", "body": "Any advice on " + word + "?", "up_votes": 5,
	}).Expect(t, http.StatusOK)
	a.Client.Agent(t, "PATCH", site+"/forum", map[string]any{"enabled": true, "topic_tags": []string{word}}).Expect(t, http.StatusOK)
	sweep := a.Client.Agent(t, "POST", site+"/forum/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	a.Client.WaitJob(t, sweep)
	var threads struct{ Threads []struct{ ID string } }
	a.Client.Agent(t, "GET", site+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &threads)
	if len(threads.Threads) == 0 {
		t.Fatal("the forum search found no thread")
	}
	thread := threads.Threads[0].ID
	a.Client.Agent(t, "POST", site+"/forum/threads/"+thread+"/drafts", nil).Expect(t, http.StatusOK)
	hook := a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.a11y.example/in", "events": []string{"*"}}).Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	a.Client.Agent(t, "POST", "/webhooks/"+hook["id"].(string)+"/test", nil).Expect(t, http.StatusOK)
	// A connected platform, and a Studio site.
	fake := platformfake.New("Acme Access", "pf-token-a11y")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	link := a.Client.Agent(t, "POST", site+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms." + host, "api_token": "pf-token-a11y"}).Expect(t, http.StatusOK)
	quote := a.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	a.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio." + host, "site_name": "Studio Access", "proration_date": quote["proration_date"]}).Expect(t, http.StatusCreated)

	for _, pg := range []struct{ name, path string }{
		{"a11y-overview", "/dashboard"},
		{"a11y-activity", "/dashboard/activity"},
		{"a11y-billing", "/dashboard/billing"},
		{"a11y-settings", "/dashboard/settings"},
		{"a11y-agents", "/dashboard/settings/agents"},
		{"a11y-webhooks", "/dashboard/settings/webhooks"},
		{"a11y-webhook", "/dashboard/settings/webhooks/" + hook["id"].(string)},
		{"a11y-site", sitePage(a, "")},
		{"a11y-articles", sitePage(a, "/articles")},
		{"a11y-article", sitePage(a, "/articles/"+artID)},
		{"a11y-article-edit", sitePage(a, "/articles/"+artID+"/edit")},
		{"a11y-article-score", sitePage(a, "/articles/"+artID+"/score")},
		{"a11y-keywords", sitePage(a, "/keywords")},
		{"a11y-autopilot", sitePage(a, "/autopilot")},
		{"a11y-integrations", sitePage(a, "/integrations")},
		{"a11y-backlinks", sitePage(a, "/backlinks")},
		{"a11y-backlink-target", sitePage(a, "/backlinks/targets/"+target["id"].(string))},
		{"a11y-research", sitePage(a, "/research/"+research)},
		{"a11y-forum", sitePage(a, "/forum")},
		{"a11y-thread", sitePage(a, "/forum/threads/"+thread)},
		{"a11y-rank", sitePage(a, "/rank")},
		{"a11y-site-activity", sitePage(a, "/activity")},
		{"a11y-site-settings", sitePage(a, "/settings")},
		{"a11y-site-not-found", "/dashboard/sites/no-such-site"},
	} {
		b.open(pg.path)
		check(b, pg.name)
	}

	// A disclosure that asks before a deletion opens with Enter and closes
	// with Space, as buttons do.
	b.open(sitePage(a, "/keywords"))
	b.run(chromedp.Focus(chromedp.CSS(`td details summary`)), chromedp.KeyEvent(kb.Enter))
	if !get(b, chromedp.Evaluate[bool](`document.querySelector('td details').open`)) {
		t.Error("Enter does not open the keyword's Delete… disclosure")
	}
	b.run(chromedp.KeyEvent(" "))
	if get(b, chromedp.Evaluate[bool](`document.querySelector('td details').open`)) {
		t.Error("Space does not close the keyword's Delete… disclosure")
	}

	// Forms refused, and the pages a form leads to.
	b.open(sitePage(a, "/articles"))
	b.fill("#create-title", "How to launch a model rocket safely")
	b.fill("#create-keyword", "m")
	b.click(`form[action="` + sitePage(a, "/articles") + `"] button`)
	b.expect("Nothing was saved")
	b.audit("a11y-articles-refused")
	b.open("/dashboard/settings/agents")
	b.fill("#create-name", "Second agent")
	b.click(`form[action="/dashboard/settings/agents"] button`)
	b.expect("Agent key created")
	check(b, "a11y-key-created")
	b.open(sitePage(a, "/integrations"))
	b.fill("#sitekey-name", "Blog plugin")
	b.click(`form[action="` + sitePage(a, "/keys") + `"] button`)
	b.expect("Site key created")
	check(b, "a11y-sitekey-created")
	b.open("/dashboard/settings/webhooks")
	b.fill("#create-url", "https://hooks.a11y.example/second")
	b.click(`form[action="/dashboard/settings/webhooks"] button`)
	b.expect("Webhook endpoint added")
	check(b, "a11y-webhook-created")
	b.open(sitePage(a, "/forum/threads/"+thread))
	b.fill("#record-permalink", "https://forum.example.com/user/someone/")
	b.click(`form[action$="/reply"] button`)
	b.expect("Nothing was saved")
	b.audit("a11y-thread-refused")

	// The consent page of an app.
	const redirect = "http://127.0.0.1:9/callback"
	reg := env.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": "Access App", "redirect_uris": []string{redirect}, "grant_types": []string{"authorization_code"},
		"response_types": []string{"code"}, "token_endpoint_auth_method": "none",
	}).Expect(t, http.StatusCreated).JSON(t)
	sum := sha256.Sum256([]byte("a-verifier-of-enough-length-for-pkce-0123456789"))
	b.open("/oauth/authorize?" + url.Values{
		"response_type": {"code"}, "client_id": {reg["client_id"].(string)}, "redirect_uri": {redirect}, "state": {"st"}, "scope": {"account"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"}, "resource": {env.URL + "/mcp"},
	}.Encode())
	b.expect("Connect", "Access App")
	check(b, "a11y-consent")

	// A platform's connect page and the processor's pages.
	link = a.Client.Agent(t, "POST", site+"/integrations/push_platform_2/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	b.open(strings.TrimPrefix(link, env.URL))
	check(b, "a11y-connect")
	b.fill("#site_url", "https://nowhere.a11y.example")
	b.fill("#api_token", "wrong")
	b.click(`form button`)
	b.audit("a11y-connect-refused")
	portal := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)
	b.open(strings.TrimPrefix(fmt.Sprint(portal["portal"].(map[string]any)["portal_url"]), env.URL))
	check(b, "a11y-portal")
	other := env.NewAccount(t, "")
	co := other.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	b.open(strings.TrimPrefix(co["checkout_url"].(string), env.URL))
	check(b, "a11y-checkout")
	b.fill("#card", "4000000000000002")
	b.click(`form button`)
	b.audit("a11y-checkout-declined")

	// Last, the account's deletion: refused, then done.
	b.open("/dashboard/settings")
	b.fill("#delete-confirm", "not my address")
	b.click(`form[action="/dashboard/settings/delete"] button`)
	b.expect("The account was not deleted.")
	b.audit("a11y-delete-refused")
	b.fill("#delete-confirm", a.Email)
	b.click(`form[action="/dashboard/settings/delete"] button`)
	b.expect("Account deleted")
	check(b, "a11y-deleted")
}
