package audit22j

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// invoicingSite is a small business website a scan grounds keywords and
// articles in.
var invoicingSite = map[string]string{
	"/": `<!doctype html><html lang="en"><head><title>Ledgerly | Invoicing software for freelancers</title>
<meta name="description" content="Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds and get paid faster."></head>
<body><nav><a href="/features">Features</a></nav>
<h1>Get paid faster</h1><p>Send invoices, chase late payments and track expenses in one place.</p></body></html>`,
	"/features": `<html><head><title>Features | Ledgerly</title></head><body><h1>Features</h1>
<p>Recurring invoices, payment reminders and expense tracking.</p></body></html>`,
}

// TestRescanLeavesAnArticleBeingWritten: spec 3 lets a scan rerun replace
// only a "Scheduled or idea article" that is unwritten ("written articles
// are never touched"). A scan article whose generation is in flight (status
// generating, waiting for a retry) is neither: the rescan of its keyword
// leaves it, and the generation then finishes it.
func TestRescanLeavesAnArticleBeingWritten(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, env.Pages(t, "ledgerly-22j", invoicingSite))
	c := acct.Client
	if j := c.WaitJob(t, acct.ScanJob); j["status"] != "completed" {
		t.Fatalf("scan job %v", j)
	}
	env.Trial(t, acct, testenv.TestCardOK)
	base := "/sites/" + acct.SiteID + "/articles"
	var list struct {
		Articles []map[string]any `json:"articles"`
	}
	c.Agent(t, "GET", base+"?status=scheduled", nil).Expect(t, http.StatusOK).Decode(t, &list)
	var target map[string]any
	for _, a := range list.Articles {
		if a["source"] == "scan" && a["keyword"] != nil {
			target = a
			break
		}
	}
	if target == nil {
		t.Fatalf("no scheduled scan article with a keyword: %v", list.Articles)
	}
	path := base + "/" + target["id"].(string)
	env.ArmFault(t, "article_generation", 1)
	job := c.Agent(t, "POST", path+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	id := job["id"].(string)
	for i := 0; ; i++ {
		j := c.Agent(t, "GET", "/jobs/"+id, nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if j["attempts"] == 1.0 && j["status"] == "queued" {
			break
		}
		if i == 300 {
			t.Fatalf("job never waited for a retry: %v", j)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if a := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any); a["status"] != "generating" {
		t.Fatalf("article between attempts: %v", a["status"])
	}

	scan := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/scan", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := c.WaitJob(t, scan["id"].(string)); j["status"] != "completed" {
		t.Fatalf("rescan %v", j)
	}
	resp := c.Agent(t, "GET", path, nil)
	if resp.Status != http.StatusOK {
		t.Fatalf("the article being written was removed by the rescan: GET answers %d %s", resp.Status, resp.Body)
	}
	deleted := c.Events(t, "article.deleted")
	if len(deleted) == 0 {
		t.Fatal("the rescan replaced no unwritten article: it did not rescan the same keywords")
	}
	for _, e := range deleted {
		if strings.Contains(fmt.Sprint(e.Data), target["id"].(string)) {
			t.Fatalf("article.deleted for the article being written: %v", e.Data)
		}
	}
	env.Advance(t, 60)
	env.RunScheduled(t)
	if j := c.WaitJob(t, id); j["status"] != "completed" {
		t.Fatalf("generation after the rescan: %v", j)
	}
	if a := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any); a["status"] != "finished" {
		t.Fatalf("article after its generation: %v", a["status"])
	}
}
