package writing

import (
	"net/http"
	"testing"

	"rvcontent/shared/dev/faults"

	"rvcontent/test/testenv"
)

// A PATCH, a DELETE or a rewrite-section of an article whose function dies
// right after its transaction commits (the after_commit fault) is retried
// with the same Idempotency-Key: the retry replays the answer the change
// committed with (Idempotent-Replayed: true) instead of running again,
// which would answer not_found for the delete and rewrite the already
// rewritten passage a second time.
func TestArticleWritesReplayAfterCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	r := newRig(t, env, true)

	replayed := func(t *testing.T, resp *testenv.Response) map[string]any {
		t.Helper()
		resp.Expect(t, http.StatusOK)
		if resp.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("retry after a crash ran again instead of replaying: %s", resp.Body)
		}
		return resp.JSON(t)
	}

	t.Run("patch", func(t *testing.T) {
		a := r.create(t, map[string]any{"title": "Grinders compared"})
		env.ArmFault(t, faults.AfterCommit, 1)
		body := map[string]any{"title": "Burr grinders compared"}
		r.api(t, "PATCH", r.articlePath(a.ID), body, "Idempotency-Key: crash-patch").ExpectError(t, http.StatusInternalServerError, "internal_error")
		got := replayed(t, r.api(t, "PATCH", r.articlePath(a.ID), body, "Idempotency-Key: crash-patch"))
		if art := got["article"].(map[string]any); art["title"] != "Burr grinders compared" {
			t.Fatalf("replayed article = %v", art)
		}
	})

	t.Run("delete", func(t *testing.T) {
		a := r.create(t, map[string]any{"title": "Descaling a kettle"})
		env.ArmFault(t, faults.AfterCommit, 1)
		r.api(t, "DELETE", r.articlePath(a.ID), nil, "Idempotency-Key: crash-delete").ExpectError(t, http.StatusInternalServerError, "internal_error")
		got := replayed(t, r.api(t, "DELETE", r.articlePath(a.ID), nil, "Idempotency-Key: crash-delete"))
		if got["deleted"] != true || got["id"] != a.ID {
			t.Fatalf("replayed delete = %v", got)
		}
		r.api(t, "GET", r.articlePath(a.ID), nil).ExpectError(t, http.StatusNotFound, "not_found")
	})

	t.Run("rewrite", func(t *testing.T) {
		a := r.create(t, map[string]any{"title": "Milk frothing", "body_markdown": "## Steaming\n\nPurge the wand first. Then stretch the milk. Finish by swirling it.\n\n## Pouring\n\nPour slowly."})
		env.ArmFault(t, faults.AfterCommit, 1)
		body := map[string]any{"section": "Steaming", "instructions": "as a bullet list"}
		r.api(t, "POST", r.articlePath(a.ID)+"/rewrite-section", body, "Idempotency-Key: crash-rewrite").ExpectError(t, http.StatusInternalServerError, "internal_error")
		got := replayed(t, r.api(t, "POST", r.articlePath(a.ID)+"/rewrite-section", body, "Idempotency-Key: crash-rewrite"))
		rw := got["rewrite"].(map[string]any)
		if rw["before"] != "Purge the wand first. Then stretch the milk. Finish by swirling it." || rw["applied"] != true {
			t.Fatalf("replayed rewrite = %v, want the first rewrite of the original passage", rw)
		}
		if body := r.get(t, a.ID).BodyMarkdown; body != got["article"].(map[string]any)["body_markdown"] {
			t.Fatalf("stored body %q differs from the replayed answer's", body)
		}
	})
}
