package e2e

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"rvcontent/test/testenv"
)

// TestPatchWritingFieldsAtOnce: PATCH changes only the fields sent (spec
// 4.1), so PATCHes of one site sent at once, each setting a different
// writing field, all land: none writes back another's field as it was
// before.
func TestPatchWritingFieldsAtOnce(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	settleScan(t, a)
	fields := []string{"tone", "writing_style", "audience", "brand_voice"}
	for round := range 5 {
		var wg sync.WaitGroup
		status := make([]int, len(fields))
		for i, f := range fields {
			wg.Go(func() {
				r := a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, map[string]any{"writing": map[string]any{f: fmt.Sprintf("%s %d", f, round)}})
				status[i] = r.Status
			})
		}
		wg.Wait()
		for i, s := range status {
			if s != http.StatusOK {
				t.Fatalf("round %d: PATCH of writing.%s answered %d", round, fields[i], s)
			}
		}
		site := object(t, a.Client.Agent(t, "GET", "/sites/"+a.SiteID, nil).Expect(t, http.StatusOK).JSON(t), "site")
		writing := object(t, site, "writing")
		for _, f := range fields {
			if want := fmt.Sprintf("%s %d", f, round); writing[f] != want {
				t.Fatalf("round %d: writing.%s = %v, want %q (a PATCH of another field wrote it back): %v", round, f, writing[f], want, writing)
			}
		}
	}
}
