package writing

import (
	"net/http"
	"testing"

	"rvcontent/shared/dev/faults"

	"rvcontent/test/testenv"
)

// A generation whose model fails on every attempt goes back to scheduled,
// refunds its credit and says why; one that fails once is retried and
// finishes, even after the key that started it is revoked.
func TestFailedGeneration(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	r := newRig(t, env, true)

	a := r.create(t, map[string]any{"title": "Espresso at home", "keyword": "espresso at home"})
	env.ArmFault(t, faults.ArticleGeneration, 3)
	job := r.generate(t, a.ID)
	id := job["id"].(string)
	r.waitAttempt(t, id, 1)
	if s := r.get(t, a.ID).Status; s != "generating" {
		t.Fatalf("article between attempts is %s, want generating", s)
	}
	env.Advance(t, 11) // the first retry waits 10 s
	r.waitAttempt(t, id, 2)
	env.Advance(t, 41) // the second 40 s
	done := r.acct.Client.WaitJob(t, id)
	jobErr, _ := done["error"].(map[string]any)
	if done["status"] != "failed" || done["attempts"] != 3.0 || jobErr["code"] != "generation_failed" {
		t.Fatalf("job after three failures = %v", done)
	}
	if got := r.get(t, a.ID); got.Status != "scheduled" || got.BodyMarkdown != "" {
		t.Fatalf("article after a failed generation = %+v", got)
	}
	if bal, _ := r.articleCredits(t); bal != 5 {
		t.Fatalf("balance after the refund = %v, want 5", bal)
	}
	failed := r.eventData(t, "article.generation_failed")
	e := failed["error"].(map[string]any)
	if failed["article_id"] != a.ID || failed["job_id"] != id || failed["trigger"] != "api" || failed["credits_refunded"] != 1.0 ||
		e["code"] != "generation_failed" || e["message"] == "" {
		t.Fatalf("article.generation_failed data = %v", failed)
	}
	if n := len(r.events(t, "article.generated")); n != 0 {
		t.Fatalf("%d article.generated events after a failure", n)
	}

	// Started with a second key that is revoked while the job waits for
	// its retry: the work finishes anyway.
	var created struct {
		AgentKey struct{ ID, Key string } `json:"agent_key"`
	}
	r.api(t, "POST", "/agent-keys", map[string]any{"name": "Second agent"}).Expect(t, http.StatusCreated).Decode(t, &created)
	second := env.Client().As(created.AgentKey.Key)
	env.ArmFault(t, faults.ArticleGeneration, 1)
	resp := second.Agent(t, "POST", r.articlePath(a.ID)+"/generate", nil).Expect(t, http.StatusAccepted)
	id = resp.JSON(t)["job"].(map[string]any)["id"].(string)
	r.waitAttempt(t, id, 1)
	r.api(t, "DELETE", "/agent-keys/"+created.AgentKey.ID, nil).Expect(t, http.StatusOK)
	second.Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	env.Advance(t, 11)
	if done := r.acct.Client.WaitJob(t, id); done["status"] != "completed" {
		t.Fatalf("job of a revoked key = %v", done)
	}
	if got := r.get(t, a.ID); got.Status != "finished" {
		t.Fatalf("article written for a revoked key is %s", got.Status)
	}
	if bal, _ := r.articleCredits(t); bal != 4 {
		t.Fatalf("balance after the second generation = %v, want 4", bal)
	}
}
