package audit25c

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

// shotDir is where the screenshots go, relative to this package.
var shotDir = filepath.Join("..", "..", ".cache", "audit25c")

// chrome is a headless Chromium tab signed in as one owner.
type chrome struct {
	ctx  context.Context
	base string
	t    *testing.T
}

// newChrome starts Chromium headless (CHROMIUM, else chromium or
// chromium-browser on PATH) with a fresh profile and signs the owner of
// email in through the emailed link.
func newChrome(t *testing.T, env *testenv.Env, email string) *chrome {
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
	c := &chrome{ctx: ctx, base: env.URL, t: t}
	link := env.SignInLink(t, env.NewBrowser(t), email, "/dashboard")
	c.open(strings.TrimPrefix(link, env.URL))
	c.click(`form[action="/signin/verify"] button`)
	return c
}

// open navigates to path on the stack.
func (c *chrome) open(path string) {
	c.t.Helper()
	if err := chromedp.Do(c.ctx, chromedp.Navigate(c.base+path)); err != nil {
		c.t.Fatalf("open %s: %v", path, err)
	}
}

// click clicks the element of sel and waits for the page it leads to.
func (c *chrome) click(sel string) {
	c.t.Helper()
	if _, err := chromedp.RunResponse(c.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		c.t.Fatalf("click %s: %v", sel, err)
	}
}

// eval evaluates a script on the open page.
func eval[T any](c *chrome, js string) T {
	c.t.Helper()
	v, err := chromedp.Run(c.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		c.t.Fatalf("evaluate: %v", err)
	}
	return v
}

// text is the open page's visible text.
func (c *chrome) text() string {
	c.t.Helper()
	v, err := chromedp.Run(c.ctx, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		c.t.Fatal(err)
	}
	return v
}

// overflowJS lists the elements wider than the window.
const overflowJS = `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.sr-only, .skip')).slice(0, 5).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 60))`

// shoot saves the open page, named name, at 390 px as <name>-390.png and
// fails the test when the page is wider than that screen.
func (c *chrome) shoot(name string) {
	c.t.Helper()
	if err := os.MkdirAll(shotDir, 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := chromedp.Do(c.ctx, chromedp.EmulateViewport(390, 900)); err != nil {
		c.t.Fatal(err)
	}
	file := filepath.Join(shotDir, fmt.Sprintf("%s-390.png", name))
	png, err := chromedp.Run(c.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		c.t.Fatal(err)
	}
	if eval[bool](c, `document.documentElement.scrollWidth > window.innerWidth + 1`) {
		c.t.Errorf("%s is wider than a 390 px screen (%s): %v", name, file, eval[[]string](c, overflowJS))
	}
}
