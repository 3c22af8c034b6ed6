// Package browser_test drives the owner's dashboard in headless Chromium
// (the Debian package chromium; make test installs it when missing)
// through chromedp against a dev stack: the owner's main journeys, clicked
// and typed as a person would, with a screenshot of each page at phone
// (390 px) and desktop (1280 px) width in .cache/screenshots/ (or
// SCREENSHOT_DIR); and every page a person opens, walked for WCAG 2.1 AA's
// structural rules, with the keyboard and at 320 px too
// (TestAccessibility).
package browser_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath finds the browser: CHROMIUM, else chromium or
// chromium-browser on PATH.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("Chromium is not installed: run make tools (it installs the Debian package chromium) or set CHROMIUM")
	return ""
}

// browser is one fresh Chromium (its own profile) and a tab in it.
type browser struct {
	ctx  context.Context
	base string
	t    *testing.T
}

// newBrowser starts Chromium headless with a fresh profile; it stops when
// the test ends. Background networking stays off: this machine's network
// is closed, and the dev stack is all the browser needs.
func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return &browser{ctx: ctx, base: base, t: t}
}

// run runs actions, failing the test on error.
func (b *browser) run(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// get runs an action that reads a value, failing the test on error.
func get[T any](b *browser, a chromedp.Action[T]) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, a)
	if err != nil {
		b.t.Fatalf("browser: %v", err)
	}
	return v
}

// open navigates to target (a path of the stack or an address).
func (b *browser) open(target string) {
	b.t.Helper()
	if strings.HasPrefix(target, "/") {
		target = b.base + target
	}
	b.run(chromedp.Navigate(target))
}

// click clicks the element of sel (a link or a form's button) and waits
// for the page it leads to.
func (b *browser) click(sel string) {
	b.t.Helper()
	b.run(chromedp.WaitVisible(chromedp.CSS(sel)))
	if _, err := chromedp.RunResponse(b.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		b.t.Fatalf("browser: click %s: %v", sel, err)
	}
}

// fill types value into the input of sel, replacing what it held.
func (b *browser) fill(sel, value string) {
	b.t.Helper()
	b.run(chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Clear(chromedp.CSS(sel)), chromedp.SendKeys(chromedp.CSS(sel), value))
}

// text returns the page's visible text.
func (b *browser) text() string {
	b.t.Helper()
	return get(b, chromedp.Text(chromedp.CSS("body")))
}

// html returns the page's markup.
func (b *browser) html() string {
	b.t.Helper()
	return get(b, chromedp.OuterHTML(chromedp.CSS("html")))
}

// location returns the page's address.
func (b *browser) location() string {
	b.t.Helper()
	return get(b, chromedp.Location())
}

// expect fails unless the page's text holds every text.
func (b *browser) expect(texts ...string) {
	b.t.Helper()
	page := b.text()
	for _, s := range texts {
		if !strings.Contains(page, s) {
			b.t.Fatalf("page %s lacks %q:\n%s", b.location(), s, page)
		}
	}
}

var shotSeq atomic.Int64

// clearShots empties the screenshot folder once per run, so it holds this
// run's pages only (the numbers follow the order the tests ran in).
var clearShots sync.Once

// shoot saves a screenshot of the whole page at phone and desktop width
// as <n>-<name>-<width>.png, and checks that at phone width nothing is
// wider than the screen.
func (b *browser) shoot(name string) {
	b.t.Helper()
	dir := os.Getenv("SCREENSHOT_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", ".cache", "screenshots")
	}
	clearShots.Do(func() {
		old, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		for _, f := range old {
			_ = os.Remove(f)
		}
	})
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	n := shotSeq.Add(1)
	for _, w := range []int64{390, 1280} {
		b.run(chromedp.EmulateViewport(w, 900))
		overflow := get(b, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
		png := get(b, chromedp.FullScreenshot(100))
		file := filepath.Join(dir, fmt.Sprintf("%02d-%s-%d.png", n, name, w))
		if err := os.WriteFile(file, png, 0o644); err != nil {
			b.t.Fatal(err)
		}
		if overflow && w == 390 {
			b.t.Errorf("%s is wider than a 390 px screen (see %s)", name, file)
		}
	}
	b.run(chromedp.EmulateViewport(1280, 900))
}

// secretIn finds a secret of pattern in the page's markup.
func (b *browser) secretIn(pattern string) string {
	b.t.Helper()
	m := regexp.MustCompile(pattern).FindString(b.html())
	if m == "" {
		b.t.Fatalf("no %s on %s", pattern, b.location())
	}
	return m
}
