package audit23c

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// brandPage is a website's home page naming brand and describing it.
func brandPage(brand, description string) string {
	return fmt.Sprintf(`<!doctype html><html lang="en"><head><title>%s | %s</title>
<meta name="description" content="%s"></head>
<body><h1>%s</h1><p>%s</p></body></html>`, brand, description, description, brand, description)
}

// TestScanRunningWhenTheWebsiteChangesEndsOnTheNewWebsite: spec 4.5
// (PATCH website_url: "changing it does not rescan") and 2 Scan ("Fields
// the scan cannot ground in the website come back empty, never guessed").
// A scan still reading the old website when website_url changes does not
// record the old website's brand on the site: the same scan goes on with
// the new website and completes there, with no new job (the change starts
// no scan), no site.scan_failed and one site.scan_completed.
func TestScanRunningWhenTheWebsiteChangesEndsOnTheNewWebsite(t *testing.T) {
	env := testenv.StartQuiet(t)
	release := make(chan struct{})
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	old, requested := env.Website(t, "oldbrand-23c", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		select {
		case <-release:
		case <-time.After(20 * time.Second):
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, brandPage("Oldbrand Kettles", "Oldbrand Kettles sells copper kettles for campers."))
	})
	moved := env.Pages(t, "newbrand-23c", map[string]string{
		"/": brandPage("Newbrand Bikes", "Newbrand Bikes builds folding bicycles for commuters."),
	})
	acct := env.NewAccount(t, "http://"+old+"/")
	c := acct.Client
	for i := 0; i < 100 && len(requested()) == 0; i++ {
		time.Sleep(100 * time.Millisecond)
	}
	if len(requested()) == 0 {
		t.Fatal("the first scan never read the old website")
	}
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{"website_url": moved}).Expect(t, http.StatusOK)
	close(release)

	job := c.WaitJob(t, acct.ScanJob)
	if job["status"] != "completed" {
		t.Fatalf("scan job %v, want completed", job)
	}
	sc := c.Agent(t, "GET", "/sites/"+acct.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	if b := sc["brand"].(map[string]any); sc["status"] != "completed" || b["brand_name"] != "Newbrand Bikes" {
		t.Fatalf("scan %v, want completed with the new website's brand", sc)
	}
	site := c.Agent(t, "GET", "/sites/"+acct.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["brand_name"] != "Newbrand Bikes" || site["website_url"] != moved || site["scan_status"] != "completed" {
		t.Fatalf("site %v, want the new website's brand", site)
	}
	if n := len(c.Events(t, "site.scan_failed")); n != 0 {
		t.Fatalf("%d site.scan_failed events, want none", n)
	}
	if n := len(c.Events(t, "site.scan_completed")); n != 1 {
		t.Fatalf("%d site.scan_completed events, want 1", n)
	}
	var list struct{ Jobs []map[string]any }
	c.Agent(t, "GET", "/jobs?kind=site.scan", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Jobs) != 1 {
		t.Fatalf("%d scan jobs, want the first one only", len(list.Jobs))
	}
}
