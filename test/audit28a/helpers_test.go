package audit28a

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// thread returns GET base/threads/id's thread.
func thread(t *testing.T, c *testenv.Client, base, id string) map[string]any {
	t.Helper()
	return c.Agent(t, "GET", base+"/threads/"+id, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
}

// draft drafts a reply in base's thread id and returns the draft.
func draft(t *testing.T, c *testenv.Client, base, id string) map[string]any {
	t.Helper()
	return c.Agent(t, "POST", base+"/threads/"+id+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
}
