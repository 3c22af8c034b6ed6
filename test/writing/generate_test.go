package writing

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// A trial account's scheduled article is written by a job: one credit is
// spent with the request, the job finishes the article with the site's
// brand and settings, and the events say so.
func TestGenerateWritesArticle(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, true)
	r.api(t, "PATCH", "/sites/"+r.site, map[string]any{"writing": map[string]any{
		"tone": "Friendly", "audience": "Home baristas", "brand_voice": "Avoid the word 'bargain'\nWrite in plain English",
	}}).Expect(t, http.StatusOK)
	a := r.create(t, map[string]any{"title": "How to Choose a Coffee Subscription", "keyword": "coffee subscription", "scheduled_for": "2026-12-01"})
	if bal, allow := r.articleCredits(t); bal != 5 || allow != 5 {
		t.Fatalf("trial article credits = %v of %v, want 5 of 5", bal, allow)
	}

	key := "Idempotency-Key: gen-" + a.ID
	job := r.generate(t, a.ID, key)
	if job["kind"] != "article.generate" || job["status"] != "queued" || job["site_id"] != r.site {
		t.Fatalf("generate answered job %v", job)
	}
	replay := r.api(t, "POST", r.articlePath(a.ID)+"/generate", nil, key).Expect(t, http.StatusAccepted)
	if replay.Header.Get("Idempotent-Replayed") != "true" || replay.JSON(t)["job"].(map[string]any)["id"] != job["id"] {
		t.Fatalf("replayed generate answered %s (%v)", replay.Body, replay.Header)
	}
	if bal, _ := r.articleCredits(t); bal != 4 {
		t.Fatalf("article balance after one generate (and its replay) = %v, want 4", bal)
	}

	done := r.acct.Client.WaitJob(t, job["id"].(string))
	if done["status"] != "completed" {
		t.Fatalf("generation job ended %v", done)
	}
	res := done["result"].(map[string]any)
	if res["credits_spent"] != 1.0 || res["article"].(map[string]any)["id"] != a.ID || res["article"].(map[string]any)["status"] != "finished" {
		t.Fatalf("job result = %v", res)
	}

	got := r.get(t, a.ID)
	body := got.BodyMarkdown
	switch {
	case got.Status != "finished" || got.FinishedAt == nil || got.SEOScore == nil || got.WordCount < 600:
		t.Fatalf("written article = %+v", got)
	case !strings.HasPrefix(body, "# How to Choose a Coffee Subscription\n"):
		t.Fatalf("body does not open with the title as H1: %.80q", body)
	case !strings.Contains(body, "> "+description):
		t.Fatalf("body does not quote the site's own description: %s", body)
	case strings.Contains(body, "!["), strings.Contains(strings.ToLower(body), "bargain"):
		t.Fatalf("body has an image or breaks a house rule: %s", body)
	case !strings.Contains(body, "## Frequently asked questions"), !strings.Contains(body, "## Conclusion"):
		t.Fatalf("body lacks a FAQ or a conclusion: %s", body)
	case !strings.Contains(body, "home baristas"), !strings.Contains(body, "n't "):
		t.Fatalf("body ignores the audience or the friendly tone: %s", body)
	case !strings.Contains(strings.ToLower(got.Description), "coffee subscription") || len(got.Description) > 160:
		t.Fatalf("description = %q", got.Description)
	case len(got.Tags) == 0 || got.Tags[0] != "coffee subscription":
		t.Fatalf("tags = %v", got.Tags)
	case !strings.HasPrefix(got.Slug, "how-to-choose-a-coffee-subscription-"):
		t.Fatalf("slug = %q", got.Slug)
	}
	sc := r.api(t, "GET", r.articlePath(a.ID)+"/score", nil).Expect(t, http.StatusOK).JSON(t)["score"].(map[string]any)
	if seo := sc["seo"].(map[string]any)["score"].(float64); seo != *got.SEOScore {
		t.Fatalf("seo_score %v differs from the score endpoint's %v", *got.SEOScore, seo)
	}

	gen := r.eventData(t, "article.generated")
	ev := gen["article"].(map[string]any)
	if gen["job_id"] != job["id"] || gen["trigger"] != "api" || gen["credits_spent"] != 1.0 || ev["id"] != a.ID || ev["status"] != "finished" {
		t.Fatalf("article.generated data = %v", gen)
	}
	if _, hasBody := ev["body_markdown"]; hasBody {
		t.Fatal("article.generated carries the body")
	}
	fin := r.eventData(t, "article.finished")
	if fin["trigger"] != "api" || fin["article"].(map[string]any)["id"] != a.ID {
		t.Fatalf("article.finished data = %v", fin)
	}

	r.api(t, "POST", r.articlePath(a.ID)+"/generate", nil).ExpectError(t, http.StatusConflict, "conflict")
	if bal, _ := r.articleCredits(t); bal != 4 {
		t.Fatalf("a refused generate spent a credit: balance %v", bal)
	}
}

// Generation needs a trial or plan, and stops at the trial's allowance.
func TestGenerateNeedsPlanAndCredits(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	a := r.create(t, map[string]any{"title": "Cold brew at home", "keyword": "cold brew"})
	r.api(t, "POST", r.articlePath(a.ID)+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	r.env.Trial(t, r.acct, testenv.TestCardOK)
	var ids []string
	for i := 0; i < 6; i++ {
		ids = append(ids, r.create(t, map[string]any{"title": "Brewing guide " + string(rune('A'+i)), "keyword": "brewing guide"}).ID)
	}
	for _, id := range ids[:5] {
		r.generate(t, id)
	}
	body := r.api(t, "POST", r.articlePath(ids[5])+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "insufficient_credits")
	if body["error"] == "" {
		t.Fatalf("insufficient_credits without a sentence: %v", body)
	}
	if bal, _ := r.articleCredits(t); bal != 0 {
		t.Fatalf("balance after five generations = %v, want 0", bal)
	}
	if s := r.get(t, ids[5]).Status; s != "scheduled" {
		t.Fatalf("the refused article is %s, want scheduled", s)
	}
	if n := len(r.events(t, "credits.exhausted")); n != 1 {
		t.Fatalf("%d credits.exhausted events, want 1", n)
	}

	other := newRig(t, env, true)
	other.api(t, "POST", "/sites/"+r.site+"/articles/"+ids[5]+"/generate", nil).ExpectError(t, http.StatusNotFound, "not_found")
}
