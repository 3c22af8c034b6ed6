// Package chrome drives a headless Chromium tab signed in as a dev stack's
// owner, for tests that look at the dashboard as a browser shows it: open
// a page, click, read its text, evaluate a script, and screenshot it at a
// phone's and a desktop's width, failing for anything wider than the
// screen.
package chrome

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
)

// Tab is a headless Chromium tab signed in as one owner. Ctx is its
// chromedp context, for the actions the methods do not cover.
type Tab struct {
	Ctx  context.Context
	base string
	t    testing.TB
}

// New starts Chromium headless (CHROMIUM, else chromium or
// chromium-browser on PATH; the test is skipped without one) with a fresh
// profile and signs the owner of email in through the emailed link.
func New(t testing.TB, env *testenv.Env, email string) *Tab {
	t.Helper()
	path := os.Getenv("CHROMIUM")
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); path == "" && err == nil {
			path = p
		}
	}
	if path == "" {
		t.Skip("Chromium is not installed (make tools installs it)")
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.UserDataDir(t.TempDir()), chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true))
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	c := &Tab{Ctx: ctx, base: env.URL, t: t}
	link := env.SignInLink(t, env.NewBrowser(t), email, "/dashboard")
	c.Open(strings.TrimPrefix(link, env.URL))
	c.Click(`form[action="/signin/verify"] button`)
	return c
}

// Open navigates to path on the stack.
func (c *Tab) Open(path string) {
	c.t.Helper()
	if err := chromedp.Do(c.Ctx, chromedp.Navigate(c.base+path)); err != nil {
		c.t.Fatalf("open %s: %v", path, err)
	}
}

// Click clicks the element of sel and waits for the page it leads to.
func (c *Tab) Click(sel string) {
	c.t.Helper()
	if _, err := chromedp.RunResponse(c.Ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		c.t.Fatalf("click %s: %v", sel, err)
	}
}

// Eval evaluates a script on c's open page.
func Eval[T any](c *Tab, js string) T {
	c.t.Helper()
	v, err := chromedp.Run(c.Ctx, chromedp.Evaluate[T](js))
	if err != nil {
		c.t.Fatalf("evaluate: %v", err)
	}
	return v
}

// Text is the open page's visible text.
func (c *Tab) Text() string {
	c.t.Helper()
	v, err := chromedp.Run(c.Ctx, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		c.t.Fatal(err)
	}
	return v
}

// overflowJS lists the elements wider than the window.
const overflowJS = `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.sr-only, .skip')).slice(0, 5).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 60))`

// Shoot saves the open page, named name, into dir as <name>-<width>.png at
// each of widths (CSS pixels), and fails the test for anything wider than
// the screen at any of them.
func (c *Tab) Shoot(dir, name string, widths ...int64) {
	c.t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		c.t.Fatal(err)
	}
	for _, w := range widths {
		if err := chromedp.Do(c.Ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			c.t.Fatal(err)
		}
		if Eval[bool](c, `document.documentElement.scrollWidth > window.innerWidth + 1`) {
			c.t.Errorf("%s at %d px is wider than the screen: %v", name, w, Eval[[]string](c, overflowJS))
		}
		png, err := chromedp.Run(c.Ctx, chromedp.FullScreenshot(100))
		if err != nil {
			c.t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, w)), png, 0o644); err != nil {
			c.t.Fatal(err)
		}
	}
}
