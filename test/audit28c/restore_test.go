package audit28c

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestRestoredStudioSiteIsAdded: spec 6 ("site.added | Studio site paid
// and live | site"; "site.archived | Studio site stopped"), spec 3 (POST
// /sites/{site_id}/restore of an archived site: "active again | prorated
// charge"), and the README ("An add or restore whose charge the bank
// wants authenticated ... when the payment is made, ... the site becomes
// active with its scan, credits and site.added"). Defect: restoring an
// archived Studio site charged for it and made it live again, but
// recorded no event at all, so an agent following the events saw the
// site archived for good (site.archived was its last word). The paid
// restore now records site.added with the live site, as a paid addition
// does; keeping a site whose removal was only scheduled charges nothing
// and records none (README: activity site.removal_cancelled, no event).
func TestRestoredStudioSiteIsAdded(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	id := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit28c-restore"), "Idempotency-Key: audit28c-add").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	removes := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["removes_at"].(string)
	env.AdvancePast(t, removes, time.Minute)
	env.RunScheduled(t)
	if s := siteOf(t, a, id); s["status"] != "archived" {
		t.Fatalf("site %v after its removal time, want archived", s["status"])
	}
	archived := a.Client.Events(t, "site.archived")
	if len(archived) != 1 {
		t.Fatalf("site.archived events %v, want one", archived)
	}

	out := a.Client.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: audit28c-restore").Expect(t, http.StatusOK).JSON(t)
	if out["charged"] == nil || out["site"].(map[string]any)["status"] != "active" {
		t.Fatalf("restore answered %v, want the site active and a charge", out)
	}
	var restored []testenv.Event
	for _, ev := range a.Client.EventsSince(t, archived[0].CreatedAt, "site.added") {
		if s, _ := ev.Data["site"].(map[string]any); ev.SiteID != nil && *ev.SiteID == id && s["status"] == "active" && s["archived_at"] == nil {
			restored = append(restored, ev)
		}
	}
	if len(restored) != 1 {
		t.Errorf("%d site.added events for the restored site since it was archived, want 1", len(restored))
	}
}
