package testenv

import (
	"net/http"
	"testing"
)

// WaitJob waits, through GET /jobs/{job_id}?wait=25, until job id has
// completed or failed, and returns it; it fails the test when the job is
// still running after four waits.
func (c *Client) WaitJob(t testing.TB, id string) map[string]any {
	t.Helper()
	for i := 0; i < 4; i++ {
		j := c.Agent(t, "GET", "/jobs/"+id+"?wait=25", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if s := j["status"]; s == "completed" || s == "failed" {
			return j
		}
	}
	t.Fatalf("job %s did not end", id)
	return nil
}
