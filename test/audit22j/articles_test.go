package audit22j

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// articleCredits returns the site's article credit balance.
func articleCredits(t *testing.T, acct *testenv.Account, site string) float64 {
	t.Helper()
	c := acct.Client.Agent(t, "GET", "/sites/"+site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	return c["articles"].(map[string]any)["balance"].(float64)
}

// failGeneration generates the article with the model failing every
// attempt, moving the clock past each retry's wait, and returns the ended
// job.
func failGeneration(t *testing.T, env *testenv.Env, acct *testenv.Account, path string) map[string]any {
	t.Helper()
	env.ArmFault(t, "article_generation", 3)
	job := acct.Client.Agent(t, "POST", path+"/generate", nil, "Idempotency-Key: gen-"+path).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	id := job["id"].(string)
	for i := 0; i < 20; i++ {
		j := acct.Client.Agent(t, "GET", "/jobs/"+id+"?wait=2", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if j["status"] == "failed" || j["status"] == "completed" {
			return j
		}
		env.Advance(t, 60)
		env.RunScheduled(t)
	}
	t.Fatalf("job %s never ended", id)
	return nil
}

// TestFailedGenerationOfAnIdeaGoesToScheduledAndRefunds: spec 3, "Article
// | generation fails | | back to `scheduled` | credit refunded; event
// `article.generation_failed`". An idea (opportunity) whose generation
// fails on every attempt ends scheduled with no body, its credit back, one
// article.generation_failed and no article.generated; it can be generated
// again afterwards.
func TestFailedGenerationOfAnIdeaGoesToScheduledAndRefunds(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Trial(t, acct, testenv.TestCardOK)
	base := "/sites/" + acct.SiteID + "/articles"
	art := acct.Client.Agent(t, "POST", base, map[string]any{"title": "Cold brew ratios", "keyword": "cold brew ratio"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	if art["status"] != "opportunity" {
		t.Fatalf("new article status %v, want opportunity", art["status"])
	}
	path := base + "/" + art["id"].(string)
	before := articleCredits(t, acct, acct.SiteID)
	since := env.Now(t)

	done := failGeneration(t, env, acct, path)
	if done["status"] != "failed" {
		t.Fatalf("job %v, want failed", done)
	}
	got := acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if got["status"] != "scheduled" || got["finished_at"] != nil || (got["body_markdown"] != nil && got["body_markdown"] != "") {
		t.Fatalf("article after the failed generation: status %v finished_at %v body %q", got["status"], got["finished_at"], got["body_markdown"])
	}
	if after := articleCredits(t, acct, acct.SiteID); after != before {
		t.Fatalf("article balance %v after the failure, want %v (refunded)", after, before)
	}
	failed := acct.Client.EventsSince(t, since, "article.generation_failed")
	if len(failed) != 1 || failed[0].Data["article_id"] != art["id"] || failed[0].Data["credits_refunded"] != 1.0 {
		t.Fatalf("article.generation_failed events: %+v", failed)
	}
	if n := len(acct.Client.EventsSince(t, since, "article.generated", "article.finished")); n != 0 {
		t.Fatalf("%d article.generated/finished events after a failure", n)
	}
	// Generated again, it finishes and spends one credit.
	job := acct.Client.Agent(t, "POST", path+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := acct.Client.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("second generation job %v", j)
	}
	got = acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if got["status"] != "finished" || got["finished_at"] == nil {
		t.Fatalf("article after the second generation: %v", got["status"])
	}
	if after := articleCredits(t, acct, acct.SiteID); after != before-1 {
		t.Fatalf("article balance %v after a finished generation, want %v", after, before-1)
	}
	if n := len(acct.Client.EventsSince(t, since, "article.generated")); n != 1 {
		t.Fatalf("%d article.generated events, want 1", n)
	}
	if n := len(acct.Client.EventsSince(t, since, "article.finished")); n != 1 {
		t.Fatalf("%d article.finished events, want 1", n)
	}
}

// TestGenerationFailingAfterActivationRefundsNothingIntoTheNewPeriod: spec
// 3, POST /billing/activate "article balance resets to 30", and a failed
// generation's credit is refunded; README (Generate): "the credit is
// refunded if its billing period is still current", and (Credits) "A
// refund goes back into the period the credit came from". A trial credit
// spent on a generation that fails only after the trial was activated does
// not raise the plan's fresh 30.
func TestGenerationFailingAfterActivationRefundsNothingIntoTheNewPeriod(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Trial(t, acct, testenv.TestCardOK)
	base := "/sites/" + acct.SiteID + "/articles"
	art := acct.Client.Agent(t, "POST", base, map[string]any{"title": "Pour over basics", "keyword": "pour over basics", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	path := base + "/" + art["id"].(string)
	env.Advance(t, 3600) // a trial day's hour: the plan's period starts after the trial's
	env.ArmFault(t, "article_generation", 3)
	job := acct.Client.Agent(t, "POST", path+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	id := job["id"].(string)
	// Wait until the first attempt failed and the job waits for its retry.
	for i := 0; ; i++ {
		j := acct.Client.Agent(t, "GET", "/jobs/"+id, nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if j["attempts"] == 1.0 && j["status"] == "queued" {
			break
		}
		if i == 200 {
			t.Fatalf("job never waited for a retry: %v", j)
		}
		acct.Client.Agent(t, "GET", "/jobs/"+id+"?wait=0", nil)
	}
	acct.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: act-"+acct.ID).Expect(t, http.StatusOK)
	if b := articleCredits(t, acct, acct.SiteID); b != 30 {
		t.Fatalf("article balance after activation %v, want 30", b)
	}
	for i := 0; i < 20; i++ {
		j := acct.Client.Agent(t, "GET", "/jobs/"+id+"?wait=2", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if j["status"] == "failed" {
			break
		}
		env.Advance(t, 60)
		env.RunScheduled(t)
	}
	got := acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if got["status"] != "scheduled" {
		t.Fatalf("article after the failure: %v", got["status"])
	}
	if b := articleCredits(t, acct, acct.SiteID); b != 30 {
		t.Errorf("article balance %v after a trial credit's generation failed in the plan's period, want 30", b)
	}
	failed := acct.Client.Events(t, "article.generation_failed")
	if len(failed) != 1 {
		t.Fatalf("%d article.generation_failed events, want 1", len(failed))
	}
	if failed[0].Data["credits_refunded"] != 0.0 {
		t.Errorf("credits_refunded %v, want 0: nothing went back", failed[0].Data["credits_refunded"])
	}
}
