package audit22g

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// acmePage is the README walk-through's example website, as step 0 writes it.
const acmePage = `<!doctype html><html lang="en"><head><title>Acme Rockets - Model rockets for schools</title>
<meta name="description" content="Acme Rockets sells model rocket kits and launch pads for school science classes."></head>
<body><h1>Acme Rockets</h1><p>Model rocket kits, engines and launch pads for school science classes.</p></body></html>
`

// TestReadmeWalkthrough makes the HTTP calls of README "A first
// walk-through", steps 0 to 7, with its bodies and headers, and checks
// every output the README shows or its jq filters read: the host
// override's answer, the sign-up's agent_key.key, site.id and
// scan_job_id, the scan job "completed", keywords and articles with {id,
// status, title} and a scheduled one, {"completed":true} from the
// simulated checkout and billing "trialing", the written article's
// {status, title, seo_score}, the site key, the public API's ping and
// listing and the echoed published_url, event types, activity summaries,
// the claim mail with its link, and get_credits over MCP.
func TestReadmeWalkthrough(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()

	// 0. The example website, and acme.com pointed at it.
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(acmePage))
	}))
	defer page.Close()
	addr := strings.TrimPrefix(page.URL, "http://")
	set := c.Do(t, "POST", "/_dev/hosts", `{"host":"acme.com","address":"`+addr+`"}`).Expect(t, http.StatusOK).JSON(t)
	if set["host"] != "acme.com" || set["address"] != addr {
		t.Fatalf("host override answer = %v", set)
	}
	defer c.Do(t, "DELETE", "/_dev/hosts/acme.com", nil)

	// 1. The sign-up.
	email := "owner@example.com"
	acct := c.Agent(t, "POST", "/accounts", `{"email":"`+email+`","site_url":"http://acme.com","agent":{"name":"My agent"}}`,
		"Idempotency-Key: first-signup").Expect(t, http.StatusCreated).JSON(t)
	key, _ := acct["agent_key"].(map[string]any)["key"].(string)
	site, _ := acct["site"].(map[string]any)["id"].(string)
	scan, _ := acct["scan_job_id"].(string)
	if !strings.HasPrefix(key, "rv_agent_") || site == "" || scan == "" {
		t.Fatalf("sign-up answer lacks agent_key.key, site.id or scan_job_id: %v", acct)
	}
	a := c.As(key)

	// 2. The scan, then keywords and articles.
	job := a.Agent(t, "GET", "/jobs/"+scan+"?wait=25", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
	if job["status"] != "completed" {
		t.Fatalf("scan job status = %v, want completed: %v", job["status"], job)
	}
	var kws struct {
		Keywords []struct{ Name string }
	}
	a.Agent(t, "GET", "/sites/"+site+"/keywords", nil).Expect(t, http.StatusOK).Decode(t, &kws)
	if len(kws.Keywords) == 0 || kws.Keywords[0].Name == "" {
		t.Fatalf("keywords = %+v, want named keywords", kws)
	}
	var arts struct {
		Articles []struct{ ID, Status, Title string }
	}
	a.Agent(t, "GET", "/sites/"+site+"/articles", nil).Expect(t, http.StatusOK).Decode(t, &arts)
	if len(arts.Articles) == 0 || arts.Articles[0].ID == "" || arts.Articles[0].Title == "" {
		t.Fatalf("articles = %+v, want planned articles with id, status and title", arts)
	}

	// 3. The trial through the simulated checkout.
	co := a.Agent(t, "POST", "/billing/checkout", nil, "Idempotency-Key: trial-1").Expect(t, http.StatusOK).JSON(t)
	checkout, _ := co["checkout"].(map[string]any)["checkout_url"].(string)
	u, err := url.Parse(checkout)
	if err != nil || !strings.HasPrefix(checkout, env.URL+"/_dev/pay/checkout/") {
		t.Fatalf("checkout_url = %q, want %s/_dev/pay/checkout/<id>", checkout, env.URL)
	}
	if got := strings.TrimSpace(string(c.Do(t, "POST", u.Path, `{"card":"4242424242424242"}`).Expect(t, http.StatusOK).Body)); got != `{"completed":true}` {
		t.Fatalf("checkout answer = %s, want {\"completed\":true}", got)
	}
	if st := a.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["status"]; st != "trialing" {
		t.Fatalf("billing.status = %v, want trialing", st)
	}

	// 4. Write a scheduled article.
	var sched struct {
		Articles []struct{ ID string }
	}
	a.Agent(t, "GET", "/sites/"+site+"/articles?status=scheduled", nil).Expect(t, http.StatusOK).Decode(t, &sched)
	if len(sched.Articles) == 0 {
		t.Fatal("no scheduled article to write")
	}
	article := sched.Articles[0].ID
	gen := a.Agent(t, "POST", "/sites/"+site+"/articles/"+article+"/generate", nil, "Idempotency-Key: write-1").JSON(t)
	jobID, _ := gen["job"].(map[string]any)["id"].(string)
	if jobID == "" {
		t.Fatalf("generate answer has no job.id: %v", gen)
	}
	done := a.Agent(t, "GET", "/jobs/"+jobID+"?wait=25", nil).Expect(t, http.StatusOK).JSON(t)
	res, _ := done["job"].(map[string]any)["result"].(map[string]any)
	written, _ := res["article"].(map[string]any)
	if written["status"] == nil || written["title"] == nil || written["seo_score"] == nil {
		t.Fatalf("job.result.article = %v, want status, title and seo_score", written)
	}

	// 5. A site key and the public articles API.
	sk := a.Agent(t, "POST", "/sites/"+site+"/keys", map[string]any{"name": "My CMS"}, "Idempotency-Key: key-1").JSON(t)
	siteKey, _ := sk["site_key"].(map[string]any)["key"].(string)
	if siteKey == "" {
		t.Fatalf("site key answer has no site_key.key: %v", sk)
	}
	p := c.As(siteKey)
	if ping := p.Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusOK).JSON(t); ping["ok"] != true {
		t.Fatalf("ping = %v", ping)
	}
	var pub struct {
		Articles []struct{ Title string }
	}
	p.Do(t, "GET", "/api/public/v1/articles?published=false&limit=10", nil).Expect(t, http.StatusOK).Decode(t, &pub)
	if len(pub.Articles) == 0 || pub.Articles[0].Title == "" {
		t.Fatalf("public articles = %+v, want the written article", pub)
	}
	patched := p.Do(t, "PATCH", "/api/public/v1/articles/"+article, map[string]any{"published_url": "https://acme.com/blog/model-rockets"}).Expect(t, http.StatusOK).JSON(t)
	if patched["article"].(map[string]any)["published_url"] != "https://acme.com/blog/model-rockets" {
		t.Fatalf("article.published_url = %v", patched["article"])
	}

	// 6. Events, activity and the owner's mail.
	var evs struct {
		Events []struct{ Type string }
	}
	a.Agent(t, "GET", "/events", nil).Expect(t, http.StatusOK).Decode(t, &evs)
	if len(evs.Events) == 0 || evs.Events[0].Type == "" {
		t.Fatalf("events = %+v", evs)
	}
	var act struct {
		Activity []struct{ Summary string }
	}
	a.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &act)
	if len(act.Activity) == 0 || act.Activity[0].Summary == "" {
		t.Fatalf("activity = %+v", act)
	}
	claim := ""
	for _, m := range env.Emails(t, email) {
		for _, l := range m.Links {
			if strings.Contains(l, "/claim/") {
				claim = l
			}
		}
	}
	if claim == "" || !strings.HasPrefix(claim, env.URL+"/claim/") {
		t.Fatalf("no claim link under %s/claim/ in the owner's mail", env.URL)
	}

	// 7. get_credits over MCP with the agent key.
	r := a.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_credits","arguments":{"site_id":"`+site+`"}}}`,
		"Accept: application/json, text/event-stream").Expect(t, http.StatusOK)
	var rpc struct {
		Result struct {
			StructuredContent struct {
				Credits struct {
					SiteID   string `json:"site_id"`
					Articles struct{ Balance, Allowance *int }
				}
			}
		}
	}
	if err := json.Unmarshal(r.Body, &rpc); err != nil {
		t.Fatalf("MCP answer is not one JSON-RPC message: %v: %s", err, r.Body)
	}
	cr := rpc.Result.StructuredContent.Credits
	if cr.SiteID != site || cr.Articles.Balance == nil || cr.Articles.Allowance == nil {
		t.Fatalf("get_credits structuredContent = %s", r.Body)
	}
}
