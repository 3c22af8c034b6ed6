package dashboard_test

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// item is one entry of the overview's "Needs your attention" list.
type item struct {
	Text, Href, Action string
}

var (
	attentionSection = regexp.MustCompile(`(?s)<section aria-labelledby="attention">(.*?)</section>`)
	attentionItem    = regexp.MustCompile(`<li class="alert">(.*?) <a href="([^"]*)">([^<]*)</a></li>`)
)

// attention opens the overview and returns its attention list, unescaped;
// none when the list says nothing needs the owner.
func (o *owner) attention(t *testing.T) []item {
	t.Helper()
	p := o.open(t, "/dashboard", "Needs your attention")
	sec := attentionSection.FindStringSubmatch(p.Body)
	if sec == nil {
		t.Fatalf("the overview has no attention section:\n%s", p.Body)
	}
	var out []item
	for _, m := range attentionItem.FindAllStringSubmatch(sec[1], -1) {
		out = append(out, item{Text: html.UnescapeString(m[1]), Href: html.UnescapeString(m[2]), Action: html.UnescapeString(m[3])})
	}
	if n := strings.Count(sec[1], "<li"); n != len(out) {
		t.Fatalf("%d list entries, %d read as text and link:\n%s", n, len(out), sec[1])
	}
	if nothing := strings.Contains(sec[1], "Nothing needs you right now."); nothing != (len(out) == 0) {
		t.Fatalf("%d entries, and 'Nothing needs you' shown %v:\n%s", len(out), nothing, sec[1])
	}
	return out
}

// scanItem is the action of the attention item of a failed website scan,
// which the sites these tests make (that nothing serves) always have; the
// tests of other items leave it out (TestAttentionFailedScan checks it).
const scanItem = "Check the address and scan again"

// otherAttention is the attention list without the failed scan's item.
func (o *owner) otherAttention(t *testing.T) []item {
	t.Helper()
	var got []item
	for _, it := range o.attention(t) {
		if it.Action != scanItem {
			got = append(got, it)
		}
	}
	return got
}

// servedSite serves a one-page website under a fresh host name the service
// reaches through the dev stack's host override, and returns its address:
// a site whose scan succeeds.
func servedSite(t *testing.T, env *testenv.Env) string {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprint(w, `<!doctype html><html><head><title>Served</title></head><body><h1>Served</h1><p>Garden tools for small gardens.</p></body></html>`)
	}))
	t.Cleanup(srv.Close)
	host := uniqueHost("served")
	env.SetHost(t, host, srv.Listener.Addr().String())
	return "https://" + host
}

// expectAttention fails unless the attention list, without the failed
// scan's item, is exactly want.
func (o *owner) expectAttention(t *testing.T, want ...item) {
	t.Helper()
	got := o.otherAttention(t)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("attention list\n got %q\nwant %q", got, want)
	}
}

// TestAttentionWebhookDisabled: an endpoint disabled through the agent API
// is named with its reason and links to its page; enabled, it is gone.
func TestAttentionWebhookDisabled(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	hook := "https://" + uniqueHost("hook") + "/in"
	var out struct {
		Webhook struct {
			ID string `json:"id"`
		} `json:"webhook"`
	}
	o.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": hook, "events": []string{"*"}}).Expect(t, http.StatusCreated).Decode(t, &out)
	id := out.Webhook.ID
	o.expectAttention(t) // enabled: nothing to do

	o.Client.Agent(t, "PATCH", "/webhooks/"+id, map[string]any{"enabled": false}).Expect(t, http.StatusOK)
	o.expectAttention(t, item{
		Text: "The webhook endpoint " + hook + " is turned off: no events are sent to it.",
		Href: "/dashboard/settings/webhooks/" + id, Action: "Review the endpoint",
	})
	o.open(t, "/dashboard/settings/webhooks/"+id, hook)

	o.Client.Agent(t, "PATCH", "/webhooks/"+id, map[string]any{"enabled": true}).Expect(t, http.StatusOK)
	o.expectAttention(t)
}

// TestAttentionForumDrafts: a forum reply drafted through the agent API
// and not posted yet sends the owner to the posting desk; dismissed, it
// is gone.
func TestAttentionForumDrafts(t *testing.T) {
	env := testenv.Shared(t)
	o := paidOwner(t, env, uniqueHost("attforum"))
	brand := "Tally" + fmt.Sprint(hostSeq.Add(1))
	api := func(method, path string, body any) *testenv.Response {
		t.Helper()
		return o.Client.Agent(t, method, "/sites/"+o.SiteID+path, body)
	}
	api("PATCH", "", map[string]any{
		"brand_name": brand, "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	word := fmt.Sprintf("latepayz%d%d", time.Now().UnixNano()%1_000_000, hostSeq.Add(1))
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do you handle " + word + " for late clients?",
		"body": "Clients pay late and I hate chasing them. Looking for " + word + " that work.", "up_votes": 5,
	}).Expect(t, http.StatusOK)
	api("PATCH", "/forum", map[string]any{"enabled": true, "topic_tags": []string{word}}).Expect(t, http.StatusOK)
	job := api("POST", "/forum/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	o.Client.WaitJob(t, job["id"].(string))
	var list struct {
		Threads []map[string]any `json:"threads"`
	}
	api("GET", "/forum/threads?status=new&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Threads) != 1 {
		t.Fatalf("threads after the sweep %v", list.Threads)
	}
	id := list.Threads[0]["id"].(string)
	o.expectAttention(t) // found, not drafted: nothing to post yet

	api("POST", "/forum/threads/"+id+"/drafts", map[string]any{}).Expect(t, http.StatusOK)
	desk := o.site("/forum")
	o.expectAttention(t, item{
		Text: "1 forum reply draft is waiting to be posted for " + brand + ".",
		Href: desk, Action: "Open the posting desk",
	})
	o.open(t, desk, "draft waiting to be posted")

	api("PATCH", "/forum/threads/"+id, map[string]any{"status": "dismissed"}).Expect(t, http.StatusOK)
	o.expectAttention(t)
}

// TestAttentionIntegrationError: a push that the platform refuses puts
// the integration in error; the overview quotes the error and links to
// the integrations page; a push that works clears it.
func TestAttentionIntegrationError(t *testing.T) {
	env := testenv.Shared(t)
	host := uniqueHost("attpush")
	o := paidOwner(t, env, host)
	fake := platformfake.New("Acme Blog", "pf-token-att")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	cms := "cms." + host
	env.SetHost(t, cms, srv.Listener.Addr().String())
	site := "/sites/" + o.SiteID
	brand := "Pushed" + fmt.Sprint(hostSeq.Add(1))
	o.Client.Agent(t, "PATCH", site, map[string]any{"brand_name": brand}).Expect(t, http.StatusOK)

	link := o.Client.Agent(t, "POST", site+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	if !strings.HasPrefix(link, env.URL+"/") {
		t.Fatalf("connect_url %q", link)
	}
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://" + cms, "api_token": "pf-token-att"}).Expect(t, http.StatusOK)
	a := o.Client.Agent(t, "POST", site+"/articles", map[string]any{
		"title": "Pushed by hand", "description": "About pushing", "tags": []string{"guide"}, "body_markdown": "# Pushed by hand\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	aid := a["id"].(string)
	o.Client.Agent(t, "POST", site+"/articles/"+aid+"/finish", nil).Expect(t, http.StatusOK)
	publish := func() {
		t.Helper()
		o.Client.Agent(t, "POST", site+"/articles/"+aid+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK)
	}
	o.expectAttention(t) // connected: nothing to do

	fake.FailWrites(http.StatusInternalServerError)
	publish()
	got := o.Client.Agent(t, "GET", site+"/integrations/push_platform_1", nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	msg := "The push_platform_1 site answered HTTP 500: The site is read-only right now."
	if got["status"] != "error" || got["last_error"] != msg {
		t.Fatalf("integration after a failed push %v", got)
	}
	o.expectAttention(t, item{
		// The API's platform id reads as the platform's name on the page.
		Text: "Push platform 1 of " + brand + " reported an error: The Push platform 1 site answered HTTP 500: The site is read-only right now.",
		Href: o.site("/integrations"), Action: "Check the integration",
	})

	fake.FailWrites(0)
	publish()
	o.expectAttention(t)
}

// TestAttentionStudioRemoval: a Studio site whose removal the agent
// scheduled says when it goes and links to its page; kept, it is gone.
func TestAttentionStudioRemoval(t *testing.T) {
	env := testenv.Shared(t)
	o := paidOwner(t, env, uniqueHost("attstudio"))
	q := o.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	name := "Second" + fmt.Sprint(hostSeq.Add(1))
	added := o.Client.Agent(t, "POST", "/sites", map[string]any{
		"site_url": "https://" + uniqueHost("attsecond"), "site_name": name, "site_description": "A second brand",
		"proration_date": q["proration_date"],
	}, "Idempotency-Key: att-studio-"+o.ID).Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := added["id"].(string)
	o.expectAttention(t) // added, not leaving: nothing to do

	removed := o.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	removesAt, _ := removed["removes_at"].(string)
	when, err := time.Parse(time.RFC3339Nano, removesAt)
	if err != nil || removed["status"] != "active" {
		t.Fatalf("site after DELETE %v", removed)
	}
	got := o.otherAttention(t)
	lead, tail := name+" is scheduled for removal in ", " ("+when.UTC().Format("2 Jan 2006 15:04 MST")+")."
	if len(got) != 1 || got[0].Href != "/dashboard/sites/"+id || got[0].Action != "Keep the site" ||
		!strings.HasPrefix(got[0].Text, lead) || !strings.HasSuffix(got[0].Text, tail) ||
		!regexp.MustCompile(`^\d+ (day|month)s?$`).MatchString(strings.TrimSuffix(strings.TrimPrefix(got[0].Text, lead), tail)) {
		t.Fatalf("attention list %q, want one entry %q…%q linking to the site", got, lead, tail)
	}
	o.open(t, "/dashboard/sites/"+id, "Keep this site")

	o.Client.Agent(t, "POST", "/sites/"+id+"/restore", nil).Expect(t, http.StatusOK)
	o.expectAttention(t)
}

// TestAttentionFailedScan: a site whose website scan failed is named with
// the reason in words and leads to the site's page, which offers to change
// the address.
func TestAttentionFailedScan(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	o.Client.WaitJob(t, o.ScanJob)
	var found *item
	for _, it := range o.attention(t) {
		if it.Action == scanItem {
			found = &it
		}
	}
	if found == nil || found.Href != o.site("") || !strings.Contains(found.Text, "website scan of acme.com failed") || strings.Contains(found.Text, "tls:") {
		t.Fatalf("failed scan item %+v", found)
	}
	o.open(t, o.site(""), "Change the website address", `href="`+o.site("/settings")+`"`)
}
