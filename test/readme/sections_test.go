package readme

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSitesAndScans checks "Sites and scans": "PATCH /sites/{site_id}:
// brand_name and website_url cannot be cleared (null answers 422);
// avatar_url is a public https URL or null; ... brand_voice is normalised
// (line breaks unified, each line trimmed, blank lines dropped) ... writing
// itself cannot be null (422; clear its fields one by one). Unknown and
// read-only fields are ignored; an empty body returns the site unchanged."
func TestSitesAndScans(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	path := "/sites/" + a.SiteID

	wantField(t, c.Agent(t, "PATCH", path, map[string]any{"brand_name": nil}), "brand_name")
	wantField(t, c.Agent(t, "PATCH", path, map[string]any{"website_url": nil}), "website_url")
	wantField(t, c.Agent(t, "PATCH", path, map[string]any{"writing": nil}), "writing")
	wantField(t, c.Agent(t, "PATCH", path, map[string]any{"avatar_url": "http://acme.com/logo.png"}), "avatar_url")

	site := obj(t, c.Agent(t, "PATCH", path, map[string]any{
		"writing": map[string]any{"brand_voice": "  Warm and direct.  \r\n\r\n   Avoid jargon. \r  "},
		"bogus":   "ignored", "id": "0190a5b2-0000-7000-8000-000000000000",
	}).Expect(t, http.StatusOK).JSON(t), "site")
	if v := obj(t, site, "writing")["brand_voice"]; v != "Warm and direct.\nAvoid jargon." {
		t.Errorf("brand_voice = %q, want it normalised", v)
	}
	if site["id"] != a.SiteID {
		t.Errorf("id changed to %v", site["id"])
	}
	before := obj(t, c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t), "site")
	after := obj(t, c.Agent(t, "PATCH", path, map[string]any{}).Expect(t, http.StatusOK).JSON(t), "site")
	if before["updated_at"] != after["updated_at"] {
		t.Errorf("an empty PATCH moved updated_at from %v to %v", before["updated_at"], after["updated_at"])
	}
	scansMore(t, a)
}

// TestWebhooks checks "Webhooks": "POST /webhooks answers 201 {webhook} with
// secret (whsec_ + 64 hex) ... events must be known types or ["*"] alone;
// duplicates are dropped. description is at most 200 characters and null
// when absent. PATCH with description: null or "" clears it; url, events
// and enabled cannot be null." "created_by is the caller's {type, id,
// name}". "disabled_reason is ... manual (PATCH enabled:false). PATCH
// enabled:true clears it".
func TestWebhooks(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client

	wantField(t, c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.acme.com/in", "events": []string{"*", "article.created"}}), "events")
	wantField(t, c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.acme.com/in", "events": []string{"no.such_event"}}), "events")
	wantField(t, c.Agent(t, "POST", "/webhooks", map[string]any{"url": "http://hooks.acme.com/in", "events": []string{"*"}}), "url")
	wantField(t, c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.acme.com/in", "events": []string{"*"}, "description": strings.Repeat("d", 201)}), "description")

	w := obj(t, c.Agent(t, "POST", "/webhooks", map[string]any{
		"url": "https://hooks.acme.com/in", "events": []string{"article.created", "article.created", "article.deleted"},
	}).Expect(t, http.StatusCreated).JSON(t), "webhook")
	if s, _ := w["secret"].(string); !regexp.MustCompile(`^whsec_[0-9a-f]{64}$`).MatchString(s) {
		t.Errorf("secret = %q, want whsec_ + 64 hex", s)
	}
	if ev, _ := w["events"].([]any); len(ev) != 2 {
		t.Errorf("events = %v, want the duplicate dropped", ev)
	}
	if d, ok := w["description"]; !ok || d != nil {
		t.Errorf("description = %v (present %v), want null", d, ok)
	}
	by := obj(t, w, "created_by")
	if by["type"] != "agent" || by["id"] != a.KeyID || by["name"] != "Test agent" {
		t.Errorf("created_by = %v, want the agent key", by)
	}
	p := "/webhooks/" + w["id"].(string)
	for _, f := range []string{"url", "events", "enabled"} {
		wantField(t, c.Agent(t, "PATCH", p, map[string]any{f: nil}), f)
	}
	got := obj(t, c.Agent(t, "PATCH", p, map[string]any{"description": "CRM"}).Expect(t, http.StatusOK).JSON(t), "webhook")
	if got["description"] != "CRM" {
		t.Fatalf("description = %v", got["description"])
	}
	got = obj(t, c.Agent(t, "PATCH", p, map[string]any{"description": ""}).Expect(t, http.StatusOK).JSON(t), "webhook")
	if got["description"] != nil {
		t.Errorf("description \"\" left %v, want null", got["description"])
	}
	got = obj(t, c.Agent(t, "PATCH", p, map[string]any{"enabled": false}).Expect(t, http.StatusOK).JSON(t), "webhook")
	if got["disabled_reason"] != "manual" {
		t.Errorf("disabled_reason = %v, want manual", got["disabled_reason"])
	}
	got = obj(t, c.Agent(t, "PATCH", p, map[string]any{"enabled": true}).Expect(t, http.StatusOK).JSON(t), "webhook")
	if got["disabled_reason"] != nil {
		t.Errorf("disabled_reason = %v after enabling, want null", got["disabled_reason"])
	}
	// No answer comes from a closed port: the test delivery's status is null.
	env.SetHost(t, "hooks.acme.com", "127.0.0.1:1")
	webhooksMore(t, c, w["id"].(string))
}

// TestBillingCreditsAndStudioSites checks "Billing, credits and Studio
// sites": "periods are null and balances 0 before any trial or plan";
// "primary site on trial 5 articles, 0 backlink credits, 0 forum replies";
// "POST /sites ... Trial, no plan ...: 402 paid_plan_required"; "POST
// /billing/portal answers 409 only to an account that never had a
// subscription"; "monthly_total is 49.5 × (1 + studio_sites) while a
// subscription is current, else 0".
func TestBillingCreditsAndStudioSites(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	credits := func() map[string]any {
		return obj(t, c.Agent(t, "GET", "/sites/"+a.SiteID+"/credits", nil).Expect(t, http.StatusOK).JSON(t), "credits")
	}
	cr := credits()
	if cr["period_start"] != nil || cr["period_end"] != nil {
		t.Errorf("periods = %v..%v before a trial, want null", cr["period_start"], cr["period_end"])
	}
	for _, k := range []string{"articles", "backlink_credits", "forum_replies"} {
		if b := obj(t, cr, k)["balance"]; b != 0.0 {
			t.Errorf("%s balance = %v before a trial, want 0", k, b)
		}
	}
	c.Agent(t, "POST", "/billing/portal", nil).ExpectError(t, http.StatusConflict, "conflict")
	// "Studio quote: its amounts ... come with currency: "usd" ...; due_today
	// is 0 while block is set".
	q := obj(t, c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t), "studio_quote")
	if q["block"] != "no_plan" || q["due_today"] != 0.0 || q["currency"] != "usd" {
		t.Errorf("studio_quote = %v, want block no_plan, due_today 0, currency usd", q)
	}
	if b := obj(t, c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t), "billing"); b["monthly_total"] != 0.0 {
		t.Errorf("monthly_total = %v without a subscription, want 0", b["monthly_total"])
	}

	env.Trial(t, a, testenv.TestCardOK)
	cr = credits()
	want := map[string]float64{"articles": 5, "backlink_credits": 0, "forum_replies": 0}
	for k, v := range want {
		if al := obj(t, cr, k)["allowance"]; al != v {
			t.Errorf("trial %s allowance = %v, want %v", k, al, v)
		}
	}
	c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio.acme.com"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	if b := obj(t, c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t), "billing"); b["monthly_total"] != 49.5 {
		t.Errorf("monthly_total = %v on a trial, want 49.5", b["monthly_total"])
	}

	// "primary site on the plan 30 of each"; "paid is true only while status
	// is active"; the quote's "monthly_after is the plan plus studio_sites +
	// 1 sites".
	c.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: readme-activate-"+a.ID).Expect(t, http.StatusOK)
	cr = credits()
	for _, k := range []string{"articles", "backlink_credits", "forum_replies"} {
		if m := obj(t, cr, k); m["allowance"] != 30.0 || m["balance"] != 30.0 {
			t.Errorf("plan %s = %v, want 30 of 30", k, m)
		}
	}
	if b := obj(t, c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t), "billing"); b["paid"] != true || b["status"] != "active" || b["monthly_total"] != 49.5 {
		t.Errorf("billing = %v, want active, paid, 49.5 a month", b)
	}
	q = obj(t, c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t), "studio_quote")
	if q["block"] != nil || q["monthly_after"] != 99.0 || q["currency"] != "usd" {
		t.Errorf("studio_quote = %v, want no block and monthly_after 99", q)
	}
}

// TestArticles checks "Articles": "POST /sites/{site_id}/articles (201)
// takes ... tags (≤10 of 1–40, duplicates dropped ignoring case, the first
// spelling kept), status (opportunity default ...)"; "slug is the title in
// lowercase ASCII words plus the first 8 characters of the id"; "GET lists
// newest first and filters by status (comma-separated; an unknown status
// answers 422)"; "title and status cannot be null"; "DELETE answers
// {deleted: true, id}"; "Finish ... 409 without a body"; "Lists omit the
// bodies".
func TestArticles(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	base := "/sites/" + a.SiteID + "/articles"

	art := obj(t, c.Agent(t, "POST", base, map[string]any{
		"title": "Invoice Tips for Café Owners", "tags": []string{"Billing", "billing", "BILLING", "cash"},
	}).Expect(t, http.StatusCreated).JSON(t), "article")
	id := art["id"].(string)
	if art["status"] != "opportunity" || art["source"] != "api" {
		t.Errorf("status/source = %v/%v, want opportunity/api", art["status"], art["source"])
	}
	if tags, _ := art["tags"].([]any); len(tags) != 2 || tags[0] != "Billing" || tags[1] != "cash" {
		t.Errorf("tags = %v, want [Billing cash]", tags)
	}
	if slug, _ := art["slug"].(string); !strings.HasPrefix(slug, "invoice-tips-for-caf") || !strings.HasSuffix(slug, "-"+id[:8]) {
		t.Errorf("slug = %v, want the title's words and %s", art["slug"], id[:8])
	}
	eleven := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}
	wantField(t, c.Agent(t, "POST", base, map[string]any{"title": "T", "tags": eleven}), "tags")
	wantField(t, c.Agent(t, "POST", base, map[string]any{"title": "T", "status": "finished"}), "status")
	wantField(t, c.Agent(t, "GET", base+"?status=opportunity,bogus", nil), "status")
	wantField(t, c.Agent(t, "PATCH", base+"/"+id, map[string]any{"title": nil}), "title")
	wantField(t, c.Agent(t, "PATCH", base+"/"+id, map[string]any{"status": nil}), "status")
	c.Agent(t, "POST", base+"/"+id+"/finish", nil).ExpectError(t, http.StatusConflict, "conflict")
	// Rewrite-section: "409 without a body".
	c.Agent(t, "POST", base+"/"+id+"/rewrite-section", map[string]any{"section": "Intro"}).ExpectError(t, http.StatusConflict, "conflict")

	withBody := obj(t, c.Agent(t, "POST", base, map[string]any{"title": "With body", "body_markdown": "# Hi\n\nText."}).Expect(t, http.StatusCreated).JSON(t), "article")
	if h, _ := withBody["body_html"].(string); !strings.Contains(h, "<h1") {
		t.Errorf("body_html = %q, want rendered Markdown", h)
	}
	list, _ := c.Agent(t, "GET", base+"?status=opportunity,scheduled", nil).Expect(t, http.StatusOK).JSON(t)["articles"].([]any)
	for _, x := range list {
		if _, ok := x.(map[string]any)["body_markdown"]; ok {
			t.Errorf("a list carries body_markdown")
		}
	}
	if len(list) < 2 || list[0].(map[string]any)["id"] != withBody["id"] {
		t.Errorf("the list does not start with the newest article")
	}
	del := c.Agent(t, "DELETE", base+"/"+id, nil).Expect(t, http.StatusOK).JSON(t)
	if del["deleted"] != true || del["id"] != id || len(del) != 2 {
		t.Errorf("DELETE answered %v, want {deleted: true, id}", del)
	}
	articlesMore(t, a)
	articlePatch(t, a)
}

// TestAutopilot checks "Autopilot": "Defaults: off, 3 a week, every day,
// 09:00 UTC. PATCH: enabled boolean; weekly_cadence 1–14; days a non-empty
// array of mon…sun; time_of_day HH:MM UTC; none may be null. It needs no
// trial or plan". Full day names in any case are read as the short ones:
// "stored short, Monday first, once each".
func TestAutopilot(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	p := "/sites/" + a.SiteID + "/autopilot"
	ap := obj(t, c.Agent(t, "GET", p, nil).Expect(t, http.StatusOK).JSON(t), "autopilot")
	if days, _ := ap["days"].([]any); ap["enabled"] != false || ap["weekly_cadence"] != 3.0 || ap["time_of_day"] != "09:00" || len(days) != 7 {
		t.Errorf("defaults = %v, want off, 3 a week, every day, 09:00", ap)
	}
	for f, v := range map[string]any{"weekly_cadence": 15, "days": []string{}, "time_of_day": "25:00", "enabled": nil} {
		wantField(t, c.Agent(t, "PATCH", p, map[string]any{f: v}), f)
	}
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"weekly_cadence": 0}), "weekly_cadence")
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"weekly_cadence": nil}), "weekly_cadence")
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"days": []string{"mondays"}}), "days")
	ap = obj(t, c.Agent(t, "PATCH", p, map[string]any{"days": []string{"Sunday", "mon", "MONDAY"}}).Expect(t, http.StatusOK).JSON(t), "autopilot")
	if days, _ := ap["days"].([]any); len(days) != 2 || days[0] != "mon" || days[1] != "sun" {
		t.Errorf("days = %v, want [mon sun]", ap["days"])
	}
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"days": nil}), "days")
	wantField(t, c.Agent(t, "PATCH", p, map[string]any{"time_of_day": nil}), "time_of_day")
	ap = obj(t, c.Agent(t, "PATCH", p, map[string]any{"enabled": true, "weekly_cadence": 14, "days": []string{"tue"}, "time_of_day": "18:30"}).Expect(t, http.StatusOK).JSON(t), "autopilot")
	if ap["enabled"] != true || ap["weekly_cadence"] != 14.0 || ap["time_of_day"] != "18:30" {
		t.Errorf("autopilot = %v after PATCH", ap)
	}
}

// TestKeywordsResearchAndRank checks "Keywords, research and rank": "name
// is trimmed, inner whitespace collapsed and stored lowercase, with accents
// composed as Unicode NFC does ...; unique per site (any case: 409
// conflict). intent and trend match ignoring case and are stored in the
// spec's spelling; trend defaults to Steady, search_volume to 0 (at most
// 1,000,000,000); an empty tag becomes null. traffic_estimate is ...
// search_volume × the intent's click share (... Transactional 15%,
// Navigational 5%). Lists sort by search_volume descending, then name."
func TestKeywordsResearchAndRank(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	p := "/sites/" + a.SiteID + "/keywords"
	kw := obj(t, c.Agent(t, "POST", p, map[string]any{"name": "  Zzcafe\u0301   Invoicing  ", "intent": "transactional", "search_volume": 1000, "tag": ""}).Expect(t, http.StatusCreated).JSON(t), "keyword")
	if kw["name"] != "zzcafé invoicing" || kw["intent"] != "Transactional" || kw["trend"] != "Steady" || kw["tag"] != nil {
		t.Errorf("keyword = %v", kw)
	}
	if kw["traffic_estimate"] != 150.0 {
		t.Errorf("traffic_estimate = %v, want 1000 × 15%%", kw["traffic_estimate"])
	}
	c.Agent(t, "POST", p, map[string]any{"name": "ZZCAFÉ INVOICING"}).ExpectError(t, http.StatusConflict, "conflict")
	z := obj(t, c.Agent(t, "POST", p, map[string]any{"name": "zzz zero volume", "trend": "rising"}).Expect(t, http.StatusCreated).JSON(t), "keyword")
	if z["search_volume"] != 0.0 || z["trend"] != "Rising" {
		t.Errorf("keyword = %v, want search_volume 0 and trend Rising", z)
	}
	wantField(t, c.Agent(t, "POST", p, map[string]any{"name": "too many", "search_volume": 1000000001}), "search_volume")
	nav := obj(t, c.Agent(t, "POST", p, map[string]any{"name": "zzb same volume", "search_volume": 1000, "intent": "navigational"}).Expect(t, http.StatusCreated).JSON(t), "keyword")
	if nav["traffic_estimate"] != 50.0 {
		t.Errorf("traffic_estimate = %v, want 1000 × 5%%", nav["traffic_estimate"])
	}
	list, _ := c.Agent(t, "GET", p+"?limit=100", nil).Expect(t, http.StatusOK).JSON(t)["keywords"].([]any)
	at := map[string]int{}
	for i, x := range list {
		at[x.(map[string]any)["name"].(string)] = i + 1
	}
	if b, cafe, zero := at["zzb same volume"], at["zzcafé invoicing"], at["zzz zero volume"]; b == 0 || !(b < cafe && cafe < zero) {
		t.Errorf("keyword order %v, want volume descending then name", at)
	}
	// "Research result. Beyond the spec's object, it has seed: ... null
	// without one".
	job := obj(t, c.Agent(t, "POST", "/sites/"+a.SiteID+"/research", map[string]any{}).Expect(t, http.StatusAccepted).JSON(t), "job")
	res := c.WaitJob(t, job["id"].(string))
	result := obj(t, res, "result")
	if seed, ok := result["seed"]; !ok || seed != nil {
		t.Errorf("research result seed = %v (present %v), want null", seed, ok)
	}
}
