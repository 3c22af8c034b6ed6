package writing

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// A hand-written article is finished by the finish endpoint, once; an
// article without a body cannot be.
func TestFinishHandWritten(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false) // finishing needs no plan

	empty := r.create(t, map[string]any{"title": "Empty draft"})
	r.api(t, "POST", r.articlePath(empty.ID)+"/finish", nil).ExpectError(t, http.StatusConflict, "conflict")

	a := r.create(t, map[string]any{"title": "A Guide to Coffee Subscriptions", "keyword": "coffee subscription", "body_markdown": handWritten("coffee subscription")})
	var out struct{ Article article }
	r.api(t, "POST", r.articlePath(a.ID)+"/finish", nil, "Idempotency-Key: finish-"+a.ID).Expect(t, http.StatusOK).Decode(t, &out)
	f := out.Article
	if f.Status != "finished" || f.FinishedAt == nil || f.SEOScore == nil || f.UpdatedAt <= a.UpdatedAt || f.BodyMarkdown != a.BodyMarkdown {
		t.Fatalf("finished article = %+v", f)
	}
	replay := r.api(t, "POST", r.articlePath(a.ID)+"/finish", nil, "Idempotency-Key: finish-"+a.ID).Expect(t, http.StatusOK)
	if replay.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatal("a finish with the same key was not replayed")
	}
	r.api(t, "POST", r.articlePath(a.ID)+"/finish", nil).ExpectError(t, http.StatusConflict, "conflict")

	fin := r.eventData(t, "article.finished")
	if fin["trigger"] != "api" || fin["article"].(map[string]any)["id"] != a.ID || fin["article"].(map[string]any)["status"] != "finished" {
		t.Fatalf("article.finished data = %v", fin)
	}
	r.api(t, "POST", r.articlePath(a.ID)+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	r.env.Trial(t, r.acct, testenv.TestCardOK)
	r.api(t, "POST", r.articlePath(a.ID)+"/generate", nil).ExpectError(t, http.StatusConflict, "conflict")
	r.api(t, "POST", r.articlePath("0190b7a2-0000-7000-8000-000000000000")+"/finish", nil).ExpectError(t, http.StatusNotFound, "not_found")
}
