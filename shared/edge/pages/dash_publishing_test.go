package pages

import (
	"encoding/json"
	"testing"
	"time"
)

func TestLastPushes(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	done := "2026-11-27T09:00:00Z"
	result := func(platform string, created, failed int, errs ...string) json.RawMessage {
		r := map[string]any{"integration_id": platform, "created": created, "updated": 1, "unchanged": 2, "failed": failed, "skipped": 0}
		var es []map[string]string
		for _, id := range errs {
			es = append(es, map[string]string{"article_id": id, "message": "The platform refused the post (HTTP 500)."})
		}
		r["errors"] = es
		b, _ := json.Marshal(r)
		return b
	}
	list := []apiJob{ // newest first
		{Status: "failed"},
		{Status: "completed", FinishedAt: &done, Result: result("push_platform_1", 3, 1, "art1")},
		{Status: "completed", FinishedAt: &done, Result: result("push_platform_1", 9, 0)},
		{Status: "completed", FinishedAt: &done, Result: result("push_platform_2", 4, 0)},
	}
	last, running := lastPushes("site1", list, now)
	if running {
		t.Fatal("no sync waits or runs, yet running")
	}
	p1, p2 := last["push_platform_1"], last["push_platform_2"]
	if p1 == nil || p1.Created != 3 || p1.Failed != 1 || p1.Unchanged != 2 || p2 == nil || p2.Created != 4 {
		t.Fatalf("last pushes %+v %+v: want each platform's newest finished sync", p1, p2)
	}
	if len(p1.Problems) != 1 || p1.Problems[0].Href != "/dashboard/sites/site1/articles/art1" || p1.Problems[0].Message == "" {
		t.Fatalf("problems %+v", p1.Problems)
	}
	if p1.Finished.Rel != "1 hour ago" {
		t.Fatalf("finished %+v", p1.Finished)
	}
	if _, running := lastPushes("site1", append([]apiJob{{Status: "queued"}}, list...), now); !running {
		t.Fatal("a queued sync is not running")
	}
}
