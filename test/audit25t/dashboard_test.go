package audit25t

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestWebhookLastDeliverySaysItFailed: spec 6 (last_delivery_status is the
// endpoint's HTTP status) and README's owner dashboard (webhooks).
// Defect: an endpoint whose last delivery was answered HTTP 500 showed
// "Last delivery: just now (HTTP 500)" on the webhooks list and the
// endpoint's page, next to "enabled": nothing told a person the delivery
// had failed. The status now reads "refused (HTTP 500)" (and a 2xx
// "delivered (HTTP 200)"), as the endpoint page's test result does.
func TestWebhookLastDeliverySaysItFailed(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	refusing := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	t.Cleanup(refusing.Close)
	env.SetHost(t, "hooks.audit25t.example", strings.TrimPrefix(refusing.URL, "https://"))
	c := acct.Client
	hook := c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.audit25t.example/in", "events": []string{"*"}}).
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)["id"].(string)
	c.Agent(t, "POST", "/webhooks/"+hook+"/test", nil).Expect(t, http.StatusOK)
	env.Claim(t, acct)
	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")
	for _, path := range []string{"/dashboard/settings/webhooks", "/dashboard/settings/webhooks/" + hook} {
		body := b.Get(t, path).Expect(t, http.StatusOK).Body
		if !strings.Contains(body, "refused (HTTP 500)") {
			t.Errorf("%s: the last delivery, answered HTTP 500, does not say it was refused:\n%s", path, body)
		}
	}
}

// TestForumFitShowsItsScale: spec 7's thread object ("fit (0 to 100, null
// when blocked)") and README's owner dashboard (forum drafts). Defect: the
// forum page's threads showed "Fit: 60", a bare number a person cannot
// place (60 of what?). It now reads "60 of 100".
func TestForumFitShowsItsScale(t *testing.T) {
	f := forumThread(t, false)
	body := f.b.Get(t, "/dashboard/sites/"+f.acct.SiteID+"/forum").Expect(t, http.StatusOK).Body
	if !strings.Contains(body, f.title) {
		t.Fatalf("the forum page lists no thread:\n%s", body)
	}
	if !regexp.MustCompile(`data-label="Fit">\d+ of 100<`).MatchString(body) {
		t.Fatalf("the forum page shows a thread's fit without its scale (want \"N of 100\"):\n%s", body)
	}
}

// TestThreadDraftDoesNotPassEveryCheckWithOneUnchecked: spec 7's draft
// checks (a check can be "unknown") and README's owner dashboard (forum
// drafts). Defect: a draft whose subforum-rules check could not be made
// showed "passes every check · 1 could not be checked" above an "unknown"
// check: the page said two opposite things. It now reads "passes every
// check that could be made · 1 could not be checked".
func TestThreadDraftDoesNotPassEveryCheckWithOneUnchecked(t *testing.T) {
	f := forumThread(t, true)
	body := f.b.Get(t, "/dashboard/sites/"+f.acct.SiteID+"/forum/threads/"+f.thread).Expect(t, http.StatusOK).Body
	if !strings.Contains(body, "could not be checked") {
		t.Fatalf("the draft shows no check that could not be made (the dev forum cannot read r/castiron's rules):\n%s", body)
	}
	if strings.Contains(body, "passes every check</span>") || !strings.Contains(body, "passes every check that could be made</span>") {
		t.Fatalf("the draft \"passes every check\" while one could not be checked:\n%s", body)
	}
}

// forumSetUp is a signed-in owner with a paid site whose forum search
// found one thread.
type forumSetUp struct {
	acct          *testenv.Account
	b             *testenv.Browser
	thread, title string
}

// forumThread finds a forum thread for a new paid account, drafts a reply
// to it when draft is set, and signs the owner in.
func forumThread(t *testing.T, draft bool) forumSetUp {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	c := acct.Client
	site := "/sites/" + acct.SiteID
	c.Agent(t, "PATCH", site, map[string]any{"brand_name": "Pan & Co"}).Expect(t, http.StatusOK)
	word := fmt.Sprintf("panword%d", time.Now().UnixNano()%1_000_000)
	title := "How do I keep my " + word + " from rusting?"
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "castiron", "title": title, "body": "Any advice on " + word + "?", "up_votes": 12,
	}).Expect(t, http.StatusOK)
	c.Agent(t, "PATCH", site+"/forum", map[string]any{"enabled": true, "topic_tags": []string{word}}).Expect(t, http.StatusOK)
	job := c.Agent(t, "POST", site+"/forum/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	c.WaitJob(t, job)
	var threads struct{ Threads []struct{ ID string } }
	c.Agent(t, "GET", site+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &threads)
	if len(threads.Threads) == 0 {
		t.Fatal("the forum search found no thread")
	}
	f := forumSetUp{acct: acct, thread: threads.Threads[0].ID, title: title}
	if draft {
		c.Agent(t, "POST", site+"/forum/threads/"+f.thread+"/drafts", nil).Expect(t, http.StatusOK)
	}
	env.Claim(t, acct)
	f.b = env.NewBrowser(t)
	env.SignIn(t, f.b, acct.Email, "/dashboard")
	return f
}

// TestResearchIdeaSignalShowsItsScale: README's research notes (ai_signal,
// a model estimate from 0 to 100) and its owner dashboard (the research
// page). Defect: each article idea on a research run's page ended
// "· AI answer signal 70", a bare number a person cannot place. It now
// reads "AI answer signal 70 of 100".
func TestResearchIdeaSignalShowsItsScale(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	job := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/research", map[string]any{}).
		Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string)
	c.WaitJob(t, job)
	env.Claim(t, acct)
	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")
	body := b.Get(t, "/dashboard/sites/"+acct.SiteID+"/research/"+job).Expect(t, http.StatusOK).Body
	if !strings.Contains(body, "AI answer signal") {
		t.Fatalf("the research page shows no article idea:\n%s", body)
	}
	if regexp.MustCompile(`AI answer signal \d+</p>`).MatchString(body) || !regexp.MustCompile(`AI answer signal \d+ of 100</p>`).MatchString(body) {
		t.Fatalf("the research page shows an idea's AI answer signal without its scale (want \"N of 100\"):\n%s", body)
	}
}

// TestStudioSiteDueForRemovalIsNotShownAsBilled: README's billing notes
// ("studio_sites counts the Studio sites the subscription bills;
// scheduling a removal lowers it at once") and its owner dashboard.
// Defect: a Studio site whose removal was scheduled said "Kind: Studio
// site (49.50 USD a month)" on its own page, while the Billing page said
// "1 Studio site due for removal is no longer billed": two answers to
// what it costs. Its page now says it is no longer billed.
func TestStudioSiteDueForRemovalIsNotShownAsBilled(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	c := acct.Client
	id := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-25t.example.org/", "site_name": "Studio 25t"}, "Idempotency-Key: add-studio-25t").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	env.Claim(t, acct)
	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")
	path := "/dashboard/sites/" + id
	if body := b.Get(t, path).Expect(t, http.StatusOK).Body; !strings.Contains(body, "Studio site (49.50 USD a month)") {
		t.Fatalf("a billed Studio site's page does not name its price:\n%s", body)
	}
	c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)
	body := b.Get(t, path).Expect(t, http.StatusOK).Body
	if strings.Contains(body, "49.50 USD a month") || !strings.Contains(body, "Studio site (no longer billed)") {
		t.Fatalf("a Studio site due for removal is still shown as billed 49.50 USD a month:\n%s", body)
	}
}
