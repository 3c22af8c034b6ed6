package audit24f

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
)

// TestConnectLinkFinishedOnAnArchivedSiteConnectsNothing: spec 4.2
// (connect "Needs: trial or plan"; 402 subscription_required "the site is
// not active on the plan") and README ("An archived site keeps its content
// workable ...; what needs the plan on it (writing, site keys,
// integrations, backlinks, forum) answers 402 until it is restored"). A
// connect link handed out while the Studio site ran is finished by the
// owner after the site was archived: the page connected the integration on
// the archived site and recorded integration.connected. It now refuses with
// 402 and the gate's sentence, the integration stays not_connected, no
// event is recorded and the link is not used up.
func TestConnectLinkFinishedOnAnArchivedSiteConnectsNothing(t *testing.T) {
	env, acct, id, removed := removedStudioSite(t, "connectarchived-audit24f", "connect-audit24f")
	c := acct.Client
	removesAt := removed["removes_at"].(string)

	// An hour before the removal the link is handed out; the owner opens it
	// two hours later, after the scheduled run archived the site.
	at, err := time.Parse(time.RFC3339Nano, removesAt)
	if err != nil {
		t.Fatalf("removes_at %q", removesAt)
	}
	now, _ := time.Parse(time.RFC3339Nano, env.Now(t))
	env.Advance(t, at.Sub(now).Seconds()-3600)
	path := "/sites/" + id + "/integrations/push_platform_1"
	link := c.Agent(t, "POST", path+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	env.Advance(t, 2*3600)
	env.RunScheduled(t)
	if s := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["status"] != "archived" {
		t.Fatalf("site status %v, want archived", s["status"])
	}

	page := strings.TrimPrefix(link, env.URL)
	form := map[string]any{"site_url": "https://" + platformfake.DevHost, "api_token": platformfake.DevToken}
	r := env.Client().Do(t, "POST", page, form).Expect(t, http.StatusPaymentRequired).JSON(t)
	if r["connected"] != false || !strings.Contains(r["error"].(string), "archived") {
		t.Fatalf("connect page on the archived site answered %v", r)
	}
	if i := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any); i["status"] != "not_connected" || i["site_url"] != nil {
		t.Fatalf("integration of the archived site: status %v, site_url %v", i["status"], i["site_url"])
	}
	if ev := eventsOf(t, c, "integration.connected"); len(ev) != 0 {
		t.Fatalf("integration.connected recorded for the archived site: %v", ev)
	}
	// The link is not spent: restored, the owner can still finish it.
	c.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: connect-audit24f-restore").Expect(t, http.StatusOK)
	done := env.Client().Do(t, "POST", page, form).Expect(t, http.StatusOK).JSON(t)
	if done["connected"] != true {
		t.Fatalf("connect after the restore answered %v", done)
	}
}
