package audit27f

import (
	"fmt"
	"net/http"
	"reflect"
	"sync/atomic"
	"testing"

	"rvcontent/test/testenv"
)

// TestResearchReadsLastCompletedScan checks what research reads after a
// rescan failed. README, Research input: "brand name and product
// description (else the latest scan's), the scan's niche, audience and
// competitors"; spec 2 Scan: "Fields the scan cannot ground in the website
// come back empty, never guessed". A failed rescan grounded nothing: what
// the completed scan before it found still holds. Before the fix research
// read the failed scan's empty analysis, so the same request answered
// other keywords and ideas (those of a site the service knows nothing of)
// than before the rescan; it now reads the last completed scan and
// answers the same (the offline model: same input, same output). Writing
// ("latest scan analysis") and forum sweeps read it the same way.
func TestResearchReadsLastCompletedScan(t *testing.T) {
	env := testenv.StartQuiet(t)
	var down atomic.Bool
	host, _ := env.Website(t, "research27f", func(w http.ResponseWriter, r *http.Request) {
		if down.Load() || r.URL.Path != "/" {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, testenv.RocketsHomePage)
	})
	a := env.NewAccount(t, "http://"+host+"/")
	if job := a.Client.WaitJob(t, a.ScanJob); job["status"] != "completed" {
		t.Fatalf("first scan %v", job)
	}
	research := func() (kws, ideas any) {
		r := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", map[string]any{"save": false}).Expect(t, http.StatusAccepted)
		job := a.Client.WaitJob(t, r.JSON(t)["job"].(map[string]any)["id"].(string))
		res, _ := job["result"].(map[string]any)
		if job["status"] != "completed" || res == nil {
			t.Fatalf("research job %v", job)
		}
		return res["keywords"], res["ideas"]
	}
	kws, ideas := research()
	if l, _ := kws.([]any); len(l) == 0 {
		t.Fatalf("research after the completed scan found no keywords: %v", kws)
	}

	down.Store(true)
	r := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusAccepted)
	a.Client.WaitJob(t, r.JSON(t)["job"].(map[string]any)["id"].(string))
	if sc := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any); sc["status"] != "failed" {
		t.Fatalf("rescan of a failing website: %v", sc)
	}
	kws2, ideas2 := research()
	if !reflect.DeepEqual(kws, kws2) || !reflect.DeepEqual(ideas, ideas2) {
		t.Fatalf("research after a failed rescan differs from before it:\nkeywords before %v\nkeywords after  %v", names(kws), names(kws2))
	}
}

// names returns the names of a research result's keywords.
func names(kws any) []any {
	var out []any
	l, _ := kws.([]any)
	for _, k := range l {
		if m, ok := k.(map[string]any); ok {
			out = append(out, m["name"])
		}
	}
	return out
}
