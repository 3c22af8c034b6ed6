// Package research holds black-box tests of keywords, research runs, rank
// and the scan's plan stage (spec 2 Keyword, Research result, Rank, Scan;
// 3; 4.6; 6 article.created; 8): HTTP against a dev stack, with a fixture
// website served on loopback through the /_dev/hosts overrides so scans
// have grounded text to plan from.
package research

import (
	"encoding/json"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// ledgerly is a small business website: what it is, for whom, and the
// rivals its comparison page names.
var ledgerly = map[string]string{
	"/": `<!doctype html><html lang="en"><head><title>Ledgerly | Invoicing software for freelancers</title>
<meta name="description" content="Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds and get paid faster."></head>
<body><nav><a href="/features">Features</a> <a href="/compare/freshbooks">Ledgerly vs FreshBooks</a></nav>
<h1>Get paid faster</h1><p>Send invoices, chase late payments and track expenses in one place.</p></body></html>`,
	"/features": `<html><head><title>Features | Ledgerly</title></head><body><h1>Features</h1>
<p>Recurring invoices, payment reminders and expense tracking.</p></body></html>`,
	"/compare/freshbooks": `<html><head><title>Ledgerly vs FreshBooks | Ledgerly</title></head><body>
<h1>Ledgerly vs FreshBooks</h1><p>Unlike Xero, Ledgerly is free for your first client.</p></body></html>`,
}

// scanned creates an account for the fixture website and waits for its
// first scan.
func scanned(t *testing.T, env *testenv.Env) *testenv.Account {
	t.Helper()
	a := env.NewAccount(t, env.Pages(t, "ledgerly", ledgerly))
	if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
		t.Fatalf("scan job %v", j)
	}
	return a
}

// result is a research job's result.
type result struct {
	Seed     *string `json:"seed"`
	Keywords []struct {
		Name            string `json:"name"`
		Tag             string `json:"tag"`
		SearchVolume    int    `json:"search_volume"`
		TrafficEstimate int    `json:"traffic_estimate"`
		Intent          string `json:"intent"`
		Trend           string `json:"trend"`
	} `json:"keywords"`
	Ideas []struct {
		Title           string `json:"title"`
		Description     string `json:"description"`
		Keyword         string `json:"keyword"`
		TrafficEstimate int    `json:"traffic_estimate"`
		Competition     string `json:"competition"`
		AISignal        int    `json:"ai_signal"`
	} `json:"ideas"`
	Saved *struct {
		Keywords int `json:"keywords"`
		Articles int `json:"articles"`
	} `json:"saved"`
}

// startResearch posts a research run and returns its job id.
func startResearch(t *testing.T, a *testenv.Account, body map[string]any) string {
	t.Helper()
	j := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", body).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j["kind"] != "research" || j["status"] != "queued" || j["site_id"] != a.SiteID {
		t.Fatalf("research job %v", j)
	}
	return j["id"].(string)
}

// research runs a research job to its end and returns its result.
func research(t *testing.T, a *testenv.Account, body map[string]any) result {
	t.Helper()
	j := a.Client.WaitJob(t, startResearch(t, a, body))
	if j["status"] != "completed" {
		t.Fatalf("research job %v", j)
	}
	var r result
	remarshal(t, j["result"], &r)
	return r
}

// keyword is a keyword as the API shows it.
type keyword struct {
	ID              string  `json:"id"`
	SiteID          string  `json:"site_id"`
	Name            string  `json:"name"`
	Source          string  `json:"source"`
	Tag             *string `json:"tag"`
	Intent          *string `json:"intent"`
	SearchVolume    int     `json:"search_volume"`
	TrafficEstimate int     `json:"traffic_estimate"`
	Trend           string  `json:"trend"`
	CreatedAt       string  `json:"created_at"`
}

// listKeywords returns every keyword of the account's site (query adds
// filters).
func listKeywords(t *testing.T, a *testenv.Account, query string) []keyword {
	t.Helper()
	var out struct{ Keywords []keyword }
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/keywords?limit=100"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Keywords
}

// article is an article as the API lists it.
type article struct {
	ID           string  `json:"id"`
	Status       string  `json:"status"`
	Title        string  `json:"title"`
	Description  string  `json:"description"`
	Keyword      *string `json:"keyword"`
	Source       string  `json:"source"`
	ScheduledFor *string `json:"scheduled_for"`
	BodyMarkdown string  `json:"body_markdown"`
	WordCount    int     `json:"word_count"`
	Estimates    *struct {
		TrafficEstimate int    `json:"traffic_estimate"`
		Competition     string `json:"competition"`
		AISignal        int    `json:"ai_signal"`
	} `json:"estimates"`
}

// listArticles returns every article of the account's site, newest first.
func listArticles(t *testing.T, a *testenv.Account) []article {
	t.Helper()
	var out struct{ Articles []article }
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/articles?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Articles
}

// wantError fails unless resp is an error with status and code, and
// returns the fields its details name.
func wantError(t *testing.T, resp *testenv.Response, status int, code string) []string {
	t.Helper()
	resp.Expect(t, status)
	var body struct {
		Code    string
		Details []struct{ Field, Problem string }
	}
	resp.Decode(t, &body)
	if body.Code != code {
		t.Fatalf("code = %s, want %s: %s", body.Code, code, resp.Body)
	}
	var fields []string
	for _, d := range body.Details {
		fields = append(fields, d.Field)
	}
	return fields
}

// remarshal decodes a generic JSON value into v.
func remarshal(t *testing.T, from, v any) {
	t.Helper()
	b, err := json.Marshal(from)
	if err == nil {
		err = json.Unmarshal(b, v)
	}
	if err != nil {
		t.Fatalf("decode %v: %v", from, err)
	}
}
