package dashboard_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

var hostSeq atomic.Int64

// uniqueHost returns a host name no other test of this run uses.
func uniqueHost(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, hostSeq.Add(1))
}

// paidOwner is newOwner on the paid plan, for a site at host.
func paidOwner(t *testing.T, env *testenv.Env, host string) *owner {
	t.Helper()
	o := newOwner(t, env, "https://"+host)
	env.PaidPlan(t, o.Account)
	return o
}

func TestBacklinkExchange(t *testing.T) {
	env := testenv.Shared(t)
	host := uniqueHost("bl")
	o := paidOwner(t, env, host)
	page := o.site("/backlinks")
	o.open(t, page, "<dt>Domain</dt><dd>not set", "Set the domain")

	// The domain: refused off the site's domain, next to the field.
	o.submit(t, page, page+"/domain", url.Values{"domain": {"elsewhere.example"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="domain-domain-error"`, "elsewhere.example")
	o.submit(t, page, page+"/domain", url.Values{"domain": {host}}).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=domain")
	p := o.open(t, page, "unverified", "_service."+host, "service-site-verification=", "https://"+host+"/.well-known/service-verification",
		"&lt;meta name=&#34;service-site-verification&#34; content=&#34;")
	token := regexp.MustCompile(`service-site-verification=([0-9a-f]{32})`).FindStringSubmatch(p.Body)
	if token == nil {
		t.Fatalf("no token on the page:\n%s", p.Body)
	}
	o.byOwner(t, "backlinks.domain_set", 1)

	// Checked: DNS proves it.
	env.SetTXT(t, "_service."+host, "service-site-verification="+token[1])
	o.submit(t, page, page+"/domain/verify", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=verified")
	// Each proof is named as the list of proofs names it, not by its code.
	o.open(t, page, ">verified<", "DNS TXT record: <span class=\"badge good\">found", "Meta tag: <span class=\"badge bad\">not found", "File: ")

	// Settings.
	o.submit(t, page, page, url.Values{"max_links_per_article": {"5"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="settings-max_links_per_article-error"`, `value="5"`)
	o.submit(t, page, page, url.Values{"opted_in": {"true"}, "max_links_per_article": {"2"}, "blocked_categories": {"crypto", "gambling"}}).
		Redirect(t, http.StatusSeeOther, env.URL+page+"?done=saved")
	bl := o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/backlinks", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
	if bl["opted_in"] != true || bl["max_links_per_article"] != 2.0 || len(bl["blocked_categories"].([]any)) != 2 {
		t.Fatalf("backlinks %v", bl)
	}

	// Targets: refused with two link texts, added with three, edited,
	// deleted.
	targetURL := "https://" + host + "/pricing"
	o.submit(t, page, page+"/targets", url.Values{"url": {targetURL}, "anchors": {"rocket kits\nlaunch pads"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="target-anchors-error"`, "Link texts")
	o.submit(t, page, page+"/targets", url.Values{"url": {targetURL}, "anchors": {"rocket kits\nlaunch pads\nmodel engines"}, "topic_tags": {"rockets, schools"}}).
		Redirect(t, http.StatusSeeOther, env.URL+page+"?done=target")
	var ts struct {
		Targets []map[string]any `json:"targets"`
	}
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/backlinks/targets", nil).Expect(t, http.StatusOK).Decode(t, &ts)
	if len(ts.Targets) != 1 || len(ts.Targets[0]["anchors"].([]any)) != 3 {
		t.Fatalf("targets %v", ts.Targets)
	}
	target := page + "/targets/" + ts.Targets[0]["id"].(string)
	o.open(t, page, targetURL, "rocket kits · launch pads · model engines")
	o.submit(t, target, target, url.Values{"priority": {"9"}, "active": {"false"}}).Redirect(t, http.StatusSeeOther, env.URL+target+"?done=saved")
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/backlinks/targets", nil).Expect(t, http.StatusOK).Decode(t, &ts)
	if ts.Targets[0]["priority"] != 9.0 || ts.Targets[0]["active"] != true && ts.Targets[0]["active"] != false {
		t.Fatalf("edited target %v", ts.Targets[0])
	}
	o.submit(t, target, target+"/delete", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=target_gone")
	o.byOwner(t, "backlink_target.created", 1)
	o.open(t, page, "Links to your pages", "Links in your articles", "None yet.")
}

func TestForumPostingDesk(t *testing.T) {
	env := testenv.Shared(t)
	o := paidOwner(t, env, uniqueHost("forum"))
	o.Client.Agent(t, "PATCH", "/sites/"+o.SiteID, map[string]any{
		"brand_name": "Tally", "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	page := o.site("/forum")
	word := fmt.Sprintf("reminderz%d", time.Now().UnixNano()%1_000_000)
	var thread struct {
		ForumID   string `json:"forum_id"`
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do you handle " + word + " for late clients?",
		"body": "Clients pay late and I hate chasing them. Looking for " + word + " that work.", "up_votes": 5,
	}).Expect(t, http.StatusOK).Decode(t, &thread)
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "Locked question about " + word, "body": "Anyone tried " + word + "?", "is_locked": true,
	}).Expect(t, http.StatusOK)

	// Settings refused, then on; then a search finds the thread.
	o.submit(t, page, page, url.Values{"enabled": {"true"}, "disclosure_line": {"Short"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="settings-disclosure_line-error"`, `value="Short"`)
	o.submit(t, page, page, url.Values{"enabled": {"true"}, "topic_tags": {word}}).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=saved")
	o.submit(t, page, page+"/sweeps", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=sweep")
	var list struct {
		Threads []map[string]any `json:"threads"`
	}
	for deadline := time.Now().Add(20 * time.Second); len(list.Threads) == 0 && time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/forum/threads?status=new", nil).Expect(t, http.StatusOK).Decode(t, &list)
	}
	if len(list.Threads) != 1 {
		t.Fatalf("threads %v", list.Threads)
	}
	id := list.Threads[0]["id"].(string)
	tp := page + "/threads/" + id
	// A thread nobody can answer says so in words, its reason after it.
	o.open(t, page, "How do you handle "+word, "Locked question about "+word, "cannot be answered <small>(locked)</small>")
	// Its page says why no reply can be drafted and offers only what the
	// API allows for it: dismissing it, not saving it for later.
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/forum/threads?status=dead", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Threads) != 1 {
		t.Fatalf("dead threads %v", list.Threads)
	}
	locked := o.open(t, page+"/threads/"+list.Threads[0]["id"].(string), "No reply can be drafted here: the thread is locked.", `value="dismissed"`)
	if strings.Contains(locked.Body, `value="saved"`) || strings.Contains(locked.Body, "Draft a reply") {
		t.Fatalf("the locked thread's page offers what the API refuses:\n%s", locked.Body)
	}
	o.open(t, tp, "Open the thread on the forum", thread.Permalink, "Draft a reply")

	// Draft (1 credit), then the posting desk: copy, open, record.
	o.submit(t, tp, tp+"/draft", nil).Redirect(t, http.StatusSeeOther, env.URL+tp+"?done=drafted")
	desk := o.open(t, tp, "Draft reply", "Posting desk", `id="reply-text"`, "Disclosure", "Record the posted reply")
	o.open(t, page, "draft waiting to be posted")
	text := desk.Form(t, tp+"/edit").Get("edited_body")
	if !strings.Contains(desk.Body, "Tally") || text == "" {
		t.Fatalf("the desk lacks the draft:\n%s", desk.Body)
	}
	// Edit: free, re-checked.
	o.submit(t, tp, tp+"/edit", url.Values{"edited_body": {text + "\n\nHope that helps."}}).Redirect(t, http.StatusSeeOther, env.URL+tp+"?done=saved")
	o.open(t, tp, "Hope that helps.", "your edited version")

	// A link that is not a comment of this thread is refused next to the
	// field; the posted comment's is recorded.
	o.submit(t, tp, tp+"/reply", url.Values{"permalink": {"https://forum.example.com/user/someone/"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="record-permalink-error"`)
	var c struct {
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": thread.ForumID, "body": text}).Expect(t, http.StatusOK).Decode(t, &c)
	o.submit(t, tp, tp+"/reply", url.Values{"permalink": {c.Permalink}}).Redirect(t, http.StatusSeeOther, env.URL+tp+"?done=recorded")
	o.open(t, tp, "Your reply", c.Permalink, "posted")
	env.RunScheduled(t)
	// A recorded reply names its thread by its title.
	o.open(t, page, "Recorded replies", `In <a href="`+tp+`">How do you handle `+word+` for late clients?</a>`, c.Permalink, "confirmed")
	o.byOwner(t, "forum.reply_recorded", 1)
}

// TestPlanRefusalLeadsToBilling: an action the account's plan does not
// allow (a forum search without a paid plan) answers the API's sentence
// with a way to the Billing page and back to the page it came from.
func TestPlanRefusalLeadsToBilling(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	page := o.site("/forum")
	// Without a plan the page offers no search (nor its settings); a
	// search sent anyway (a page opened before the plan lapsed) carries
	// the session's form token, here the page's sign-out form's.
	form := o.open(t, page).Form(t, "/signout")
	refused := o.Browser.Post(t, page+"/sweeps", form).Expect(t, http.StatusPaymentRequired, `role="alert"`, `href="`+env.URL+`/dashboard/billing"`, "Go to Billing")
	if !strings.Contains(string(refused.Body), `href="`+page+`"`) && !strings.Contains(string(refused.Body), `href="`+env.URL+page+`"`) {
		t.Fatalf("the refusal does not lead back to %s:\n%s", page, refused.Body)
	}
}
