package audit25f

import (
	"testing"

	"rvcontent/test/testenv"
)

// entriesOf returns the newest 100 activity entries of c's account with
// action, newest first.
func entriesOf(t *testing.T, c *testenv.Client, action string) []testenv.ActivityEntry {
	t.Helper()
	var found []testenv.ActivityEntry
	for _, e := range c.Activity(t) {
		if e.Action == action {
			found = append(found, e)
		}
	}
	return found
}
