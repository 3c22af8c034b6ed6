package billing_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"rvcontent/test/testenv"
)

// quote returns GET /billing/studio-quote's studio_quote.
func (r *rig) quote(t *testing.T) map[string]any {
	t.Helper()
	return r.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
}

// sites returns GET /sites's sites.
func (r *rig) sites(t *testing.T) []map[string]any {
	t.Helper()
	var out struct {
		Sites []map[string]any `json:"sites"`
	}
	r.api(t, "GET", "/sites", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Sites
}

func newSite(name string, date any) map[string]any {
	b := map[string]any{"site_url": "https://" + name + ".example.com", "site_name": name, "site_description": "A second brand"}
	if date != nil {
		b["proration_date"] = date
	}
	return b
}

// The quote, then a Studio site charged exactly due_today; removal,
// keeping it, archival at the period's end and restoring it.
func TestStudioSiteLifecycle(t *testing.T) {
	r := newRig(t)
	q := r.quote(t)
	if q["block"] != "no_plan" || q["price_per_site"] != 49.5 || q["card"] != nil {
		t.Fatalf("quote without a plan: %v", q)
	}
	r.active(t, cardOK)
	r.advance(t, 9*day) // part way into the period: a real proration
	q = r.quote(t)
	b := r.billing(t)
	allowance := q["allowance"].(map[string]any)
	card := q["card"].(map[string]any)
	due := q["due_today"].(float64)
	if q["block"] != nil || q["renews_at"] != b["current_period_end"] || q["studio_sites"] != 0.0 || q["monthly_after"] != 99.0 ||
		allowance["articles"] != 15.0 || allowance["backlink_credits"] != 15.0 || allowance["reddit_replies"] != 15.0 ||
		card["brand"] != "visa" || card["last4"] != "4242" || due <= 0 || due >= 49.5 {
		t.Fatalf("quote: %v", q)
	}
	if s, _ := q["message"].(string); s == "" {
		t.Fatal("quote without a message")
	}

	resp := r.api(t, "POST", "/sites", newSite("second", q["proration_date"]), "Idempotency-Key: add-1").Expect(t, http.StatusCreated)
	added := resp.JSON(t)
	site := added["site"].(map[string]any)
	charged := added["charged"].(map[string]any)
	if charged["amount"] != due || charged["currency"] != "usd" {
		t.Fatalf("charged %v, want exactly the quote's due_today %v", charged, due)
	}
	id := site["id"].(string)
	if site["kind"] != "studio" || site["status"] != "active" || site["billed_from"] == nil || site["removes_at"] != nil || added["scan_job_id"] == "" {
		t.Fatalf("added site: %v", added)
	}
	if evs := r.acct.Client.Events(t, "site.added"); len(evs) != 1 || *evs[0].SiteID != id {
		t.Fatalf("site.added events: %+v", evs)
	}
	list := r.sites(t)
	if len(list) != 2 || list[0]["kind"] != "primary" || list[1]["id"] != id {
		t.Fatalf("sites: %v", list)
	}
	b = r.billing(t)
	if b["studio_sites"] != 1.0 || b["monthly_total"] != 99.0 {
		t.Fatalf("billing with a Studio site: %v", b)
	}
	if a := r.articles(t, id); a != 15 {
		t.Fatalf("Studio site articles = %v, want 15", a)
	}
	if got := r.succeeded(t); len(got) != 2 || got[1] != due {
		t.Fatalf("charges %v, want the plan and %v", got, due)
	}

	// An article of the Studio site, to follow through its archival.
	articlePath := "/sites/" + id + "/articles/" + r.api(t, "POST", "/sites/"+id+"/articles",
		map[string]any{"title": "Studio launch notes", "keyword": "studio launch", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)["id"].(string)

	// Removal: the primary site cannot go; the Studio site runs until the
	// period's end and stops billing then.
	r.api(t, "DELETE", "/sites/"+r.acct.SiteID, nil).ExpectError(t, http.StatusConflict, "conflict")
	removed := r.api(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if removed["removes_at"] != b["current_period_end"] || removed["status"] != "active" {
		t.Fatalf("removed site: %v (period ends %v)", removed, b["current_period_end"])
	}
	if n := r.count(t, "site.removal_scheduled"); n != 1 {
		t.Fatalf("%d site.removal_scheduled events, want 1", n)
	}
	if b := r.billing(t); b["studio_sites"] != 0.0 || b["monthly_total"] != 49.5 {
		t.Fatalf("billing after scheduling the removal: %v", b)
	}
	// Keeping it before the removal: no charge.
	kept := r.api(t, "POST", "/sites/"+id+"/restore", nil).Expect(t, http.StatusOK).JSON(t)
	if kept["charged"] != nil || kept["site"].(map[string]any)["removes_at"] != nil {
		t.Fatalf("kept site: %v", kept)
	}
	if b := r.billing(t); b["studio_sites"] != 1.0 {
		t.Fatalf("studio_sites after keeping = %v", b["studio_sites"])
	}
	r.api(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)

	// The period ends: the site is archived; the renewal bills the plan only.
	r.advance(t, 25*day)
	var archived map[string]any
	for _, s := range r.sites(t) {
		if s["id"] == id {
			archived = s
		}
	}
	if archived == nil || archived["status"] != "archived" || archived["archived_at"] == nil {
		t.Fatalf("after the removal time: %v", archived)
	}
	if n := r.count(t, "site.archived"); n != 1 {
		t.Fatalf("%d site.archived events, want 1", n)
	}
	if got := r.succeeded(t); len(got) != 3 || got[2] != 49.5 {
		t.Fatalf("charges %v, want the renewal to bill the plan alone", got)
	}
	r.api(t, "GET", "/sites/"+id+"/credits", nil).Expect(t, http.StatusOK) // its records stay readable
	// Spec 3: its articles stay readable; nothing is written for it.
	if a := r.api(t, "GET", articlePath, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any); a["title"] != "Studio launch notes" || a["status"] != "scheduled" {
		t.Fatalf("article of the archived site: %v", a)
	}
	r.api(t, "POST", articlePath+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	// Its forum history is read-only, as its backlinks are unpaid.
	if f := r.api(t, "GET", "/sites/"+id+"/forum", nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any); f["access"] != "lapsed" {
		t.Fatalf("forum access of an archived Studio site = %v, want lapsed", f["access"])
	}
	if b := r.api(t, "GET", "/sites/"+id+"/backlinks", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any); b["paid"] != false {
		t.Fatalf("backlinks paid on an archived Studio site = %v, want false", b["paid"])
	}

	// Restoring the archived site is a prorated charge.
	r.env.Advance(t, 3*day)
	q = r.quote(t)
	restored := r.api(t, "POST", "/sites/"+id+"/restore", map[string]any{"proration_date": q["proration_date"]}, "Idempotency-Key: restore-1").Expect(t, http.StatusOK).JSON(t)
	rs := restored["site"].(map[string]any)
	if restored["charged"].(map[string]any)["amount"] != q["due_today"] || rs["status"] != "active" || rs["archived_at"] != nil || rs["removes_at"] != nil {
		t.Fatalf("restored: %v (quote %v)", restored, q["due_today"])
	}
	if b := r.billing(t); b["studio_sites"] != 1.0 || b["monthly_total"] != 99.0 {
		t.Fatalf("billing after restoring: %v", b)
	}
	if a := r.articles(t, id); a != 15 {
		t.Fatalf("restored site articles = %v, want 15", a)
	}
	if a := r.api(t, "GET", articlePath, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any); a["status"] != "scheduled" {
		t.Fatalf("article of the restored site: %v", a) // spec 3: its articles return
	}
	_, total := r.charges(t)
	if want := 49.5 + due + 49.5 + q["due_today"].(float64); money(total) != money(want) {
		t.Fatalf("charged %v in all, want %v", total, want)
	}
}

// A proration_date older than the 30-minute lock is refused; nothing is
// charged or created.
func TestStaleProrationDate(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	q := r.quote(t)
	r.env.Advance(t, 31*60)
	body := r.api(t, "POST", "/sites", newSite("late", q["proration_date"])).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if d := body["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "proration_date" {
		t.Fatalf("details: %v", body["details"])
	}
	r.api(t, "POST", "/sites", newSite("future", q["proration_date"].(float64)+3600)).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if n := len(r.sites(t)); n != 1 {
		t.Fatalf("%d sites, want only the primary", n)
	}
	// Within the lock the price holds even though time moved on.
	q = r.quote(t)
	r.env.Advance(t, 29*60)
	added := r.api(t, "POST", "/sites", newSite("held", q["proration_date"])).Expect(t, http.StatusCreated).JSON(t)
	if added["charged"].(map[string]any)["amount"] != q["due_today"] {
		t.Fatalf("charged %v, want the quoted %v", added["charged"], q["due_today"])
	}
	if got := r.succeeded(t); len(got) != 2 {
		t.Fatalf("charges %v, want the plan and one site", got)
	}
}

// Only a successful charge creates a site: a declined card leaves
// nothing, and no lock behind; a bank asking for authentication leaves
// the site pending, charging nothing, until the cardholder pays (see
// test/audit27h).
func TestStudioChargeRefused(t *testing.T) {
	r := newRig(t)
	r.api(t, "POST", "/sites", newSite("nope", nil)).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	r.active(t, cardFailLater)
	for i := 0; i < 2; i++ { // the second try proves no lock was left
		body := r.api(t, "POST", "/sites", newSite(fmt.Sprintf("declined%d", i), nil)).ExpectError(t, http.StatusPaymentRequired, "payment_failed")
		if body["action_url"] == nil {
			t.Fatalf("payment_failed without action_url: %v", body)
		}
	}
	if n := len(r.sites(t)); n != 1 {
		t.Fatalf("%d sites after declined charges, want 1", n)
	}
	if n := r.count(t, "site.added"); n != 0 {
		t.Fatalf("%d site.added events, want none", n)
	}
	r.portal(t, "card", map[string]any{"card": cardAuth}).Expect(t, http.StatusOK)
	body := r.api(t, "POST", "/sites", newSite("auth", nil)).ExpectError(t, http.StatusForbidden, "human_required")
	if body["action_url"] == nil {
		t.Fatalf("human_required without action_url: %v", body)
	}
	if b, list := r.billing(t), r.sites(t); b["studio_sites"] != 0.0 || len(list) != 2 || list[1]["status"] != "pending" {
		t.Fatalf("after refused charges: %v, sites %v", b, list)
	}
	if got := r.succeeded(t); len(got) != 1 {
		t.Fatalf("charges %v, want the plan only", got)
	}
}

// Ten concurrent POST /sites with one Idempotency-Key create one site and
// charge once; the others are told to retry (409) or get the first answer.
func TestConcurrentAddsWithOneKey(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	q := r.quote(t)
	body := newSite("burst", q["proration_date"])
	resps := testenv.AtOnce(10, func(int) *testenv.Response {
		return r.api(t, "POST", "/sites", body, "Idempotency-Key: burst-1")
	})
	ids := map[string]bool{}
	for _, resp := range resps {
		switch resp.Status {
		case http.StatusCreated:
			ids[resp.JSON(t)["site"].(map[string]any)["id"].(string)] = true
		case http.StatusConflict:
			if c := resp.ErrorCode(t); c != "conflict" {
				t.Fatalf("409 with code %s", c)
			}
		default:
			t.Fatalf("status %d: %s", resp.Status, resp.Body)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("%d different sites in the answers, want 1", len(ids))
	}
	replay := r.api(t, "POST", "/sites", body, "Idempotency-Key: burst-1").Expect(t, http.StatusCreated)
	if replay.Header.Get("Idempotent-Replayed") != "true" || !ids[replay.JSON(t)["site"].(map[string]any)["id"].(string)] {
		t.Fatalf("replay: %s", replay.Body)
	}
	if n := len(r.sites(t)); n != 2 {
		t.Fatalf("%d sites, want the primary and one Studio site", n)
	}
	got := r.succeeded(t)
	if len(got) != 2 || got[1] != q["due_today"] {
		t.Fatalf("charges %v, want the plan and one site charge of %v", got, q["due_today"])
	}
	if b := r.billing(t); b["studio_sites"] != 1.0 {
		t.Fatalf("studio_sites = %v, want 1", b["studio_sites"])
	}
}

// Concurrent adds with different keys never charge for a site that is
// not created: every charge has its site.
func TestConcurrentAddsWithDifferentKeys(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	var wg sync.WaitGroup
	created := make([]bool, 6)
	for i := range created {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp := r.api(t, "POST", "/sites", newSite(fmt.Sprintf("many%d", i), nil), fmt.Sprintf("Idempotency-Key: many-%d", i))
			switch resp.Status {
			case http.StatusCreated:
				created[i] = true
			case http.StatusConflict:
			default:
				t.Errorf("status %d: %s", resp.Status, resp.Body)
			}
		}()
	}
	wg.Wait()
	n := 0
	for _, c := range created {
		if c {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no add succeeded")
	}
	if got := len(r.succeeded(t)) - 1; got != n {
		t.Fatalf("%d site charges for %d created sites", got, n)
	}
	if sites := len(r.sites(t)) - 1; sites != n {
		t.Fatalf("%d Studio sites listed for %d created", sites, n)
	}
	if b := r.billing(t); b["studio_sites"] != float64(n) {
		t.Fatalf("studio_sites = %v, want %d", b["studio_sites"], n)
	}
}
