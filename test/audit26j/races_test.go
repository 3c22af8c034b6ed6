package audit26j

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestGenerateBesideAPatchOfItsTags: README, conventions: "A write that
// lost a race with another write of the same item (two PATCHes of
// different fields of an article or of the autopilot, a finish or a live
// URL beside a PATCH) is applied again to the item as it is now, after a
// short random pause, up to 5 times, before it answers 409 conflict";
// README, generate: "Ideas and scheduled articles without a body can be
// generated". Defect: POST .../generate sent at the moment another write
// of the article landed (the owner tagging it in the dashboard, an agent
// retitling it) answered 409 "The article changed at the same moment.
// Retry the request." in many rounds, although nothing it needs had
// changed, and the autopilot, which skips an article that answers
// conflict, passed it over for the slot. Generate is now applied again to
// the article as it is then: it answers 202, the article is written, and
// one credit is spent for each.
func TestGenerateBesideAPatchOfItsTags(t *testing.T) {
	env, a := testenv.StartQuietAccount(t)
	env.PaidPlan(t, a)
	s := "/sites/" + a.SiteID
	before, accepted := articleBalance(t, a), 0
	for round := range 12 {
		id := a.Client.Agent(t, "POST", s+"/articles", map[string]any{"title": fmt.Sprintf("Kettle descaling %d", round), "status": "scheduled"}).
			Expect(t, http.StatusCreated).Article(t)["id"].(string)
		tag := fmt.Sprintf("kettles-%d", round)
		rs := testenv.AtOnce(3, func(i int) *testenv.Response {
			switch i {
			case 0:
				return a.Client.Agent(t, "POST", s+"/articles/"+id+"/generate", nil, fmt.Sprintf("Idempotency-Key: gen-%d", round))
			case 1:
				return a.Client.Agent(t, "PATCH", s+"/articles/"+id, map[string]any{"tags": []string{tag}})
			}
			return a.Client.Agent(t, "PATCH", s+"/articles/"+id, map[string]any{"scheduled_for": "2027-01-15"})
		})
		if rs[0].Status != http.StatusAccepted {
			t.Errorf("round %d: generate answered %d beside PATCHes of the tags and date (%d, %d), want 202: %s", round, rs[0].Status, rs[1].Status, rs[2].Status, rs[0].Body)
			continue
		}
		accepted++
		job := a.Client.WaitJob(t, rs[0].JSON(t)["job"].(map[string]any)["id"].(string))
		if job["status"] != "completed" {
			t.Errorf("round %d: job %v", round, job)
		}
	}
	if spent := before - articleBalance(t, a); spent != accepted {
		t.Errorf("%d article credits spent for %d generations", spent, accepted)
	}
}

// TestDeleteBesideAPatchOfItsTags: README, conventions: "A write that
// lost a race with another write of the same item ... is applied again to
// the item as it is now ... up to 5 times, before it answers 409
// conflict"; README, articles: "DELETE answers {deleted: true, id} and
// records article.deleted". Defect: DELETE of an article sent while
// another write of it landed (a PATCH of its tags) answered 409 "The
// article changed at the same moment. Retry the request." in most rounds,
// and the article stayed. The delete is now applied again to the article
// as it is then: it answers 200 and the article is gone (the PATCH
// answers 200 when it came first, else 404).
func TestDeleteBesideAPatchOfItsTags(t *testing.T) {
	_, a := testenv.StartQuietAccount(t)
	s := "/sites/" + a.SiteID
	for round := range 8 {
		id := a.Client.Agent(t, "POST", s+"/articles", map[string]any{"title": fmt.Sprintf("Kettle scale %d", round)}).
			Expect(t, http.StatusCreated).Article(t)["id"].(string)
		rs := testenv.AtOnce(2, func(i int) *testenv.Response {
			if i == 0 {
				return a.Client.Agent(t, "DELETE", s+"/articles/"+id, nil)
			}
			return a.Client.Agent(t, "PATCH", s+"/articles/"+id, map[string]any{"tags": []string{"kettles"}})
		})
		if rs[0].Status != http.StatusOK {
			t.Errorf("round %d: DELETE answered %d beside a PATCH of the tags (%d), want 200: %s", round, rs[0].Status, rs[1].Status, rs[0].Body)
		}
		if rs[1].Status != http.StatusOK && rs[1].Status != http.StatusNotFound {
			t.Errorf("round %d: PATCH answered %d: %s", round, rs[1].Status, rs[1].Body)
		}
		if r := a.Client.Agent(t, "GET", s+"/articles/"+id, nil); r.Status != http.StatusNotFound {
			t.Errorf("round %d: article still there after its DELETE (%d)", round, r.Status)
		}
	}
}
