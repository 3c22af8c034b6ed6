package writing

import (
	"net/http"
	"testing"

	"rvcontent/shared/dev/faults"

	"rvcontent/test/testenv"
)

// An article being written cannot be deleted (409 conflict, as the
// catalog's delete_article says): its job owns it until it ends. Once the
// generation has failed and the credit is back, the delete goes through.
func TestDeleteWhileGenerating(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	r := newRig(t, env, true)

	a := r.create(t, map[string]any{"title": "Cold brew at home", "keyword": "cold brew at home"})
	env.ArmFault(t, faults.ArticleGeneration, 3)
	id := r.generate(t, a.ID)["id"].(string)
	r.waitAttempt(t, id, 1)
	r.api(t, "DELETE", r.articlePath(a.ID), nil).ExpectError(t, http.StatusConflict, "conflict")
	if got := r.get(t, a.ID); got.Status != "generating" {
		t.Fatalf("article after a refused delete is %s, want generating", got.Status)
	}
	if n := len(r.events(t, "article.deleted")); n != 0 {
		t.Fatalf("%d article.deleted events for a refused delete", n)
	}

	env.Advance(t, 11)
	r.waitAttempt(t, id, 2)
	env.Advance(t, 41)
	if done := r.acct.Client.WaitJob(t, id); done["status"] != "failed" {
		t.Fatalf("job = %v, want failed", done)
	}
	if bal, _ := r.articleCredits(t); bal != 5 {
		t.Fatalf("balance after the refund = %v, want 5", bal)
	}
	r.api(t, "DELETE", r.articlePath(a.ID), nil).Expect(t, http.StatusOK)
	r.api(t, "GET", r.articlePath(a.ID), nil).ExpectError(t, http.StatusNotFound, "not_found")
	if n := len(r.events(t, "article.deleted")); n != 1 {
		t.Fatalf("%d article.deleted events, want 1", n)
	}
}
