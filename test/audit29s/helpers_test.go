package audit29s

import (
	"testing"

	"rvcontent/test/testenv/chrome"
)

// shotDir is where the screenshots go.
const shotDir = "/tmp/shots29s"

// look opens path, fails t for each problem the accessibility walk finds
// on it, screenshots it at 390 and 1280 px as name (failing for anything
// wider than the screen) and returns its visible text.
func look(t *testing.T, c *chrome.Tab, name, path string) string {
	t.Helper()
	c.Open(path)
	for _, p := range chrome.Eval[[]string](c, chrome.AuditJS) {
		t.Errorf("%s (%s): %s", name, path, p)
	}
	c.Shoot(shotDir, name, 390, 1280)
	return c.Text()
}
