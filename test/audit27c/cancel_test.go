package audit27c

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestCancellingSchedulesStudioSitesRemoval: spec 2 Site ("removes_at |
// scheduled removal; the site runs until then"), spec 6 ("site.removal_scheduled
// | Studio site set to stop | site with removes_at"), spec 3 ("Site |
// removal time reached | | archived | event site.archived") and README
// ("When a subscription ends, every Studio site is archived"). Defect:
// scheduling the subscription's cancellation set no Studio site to stop:
// each kept removes_at null and no site.removal_scheduled was recorded,
// although each stops at the period's end; at the end the sites were
// archived as of the moment the end was processed, with removes_at still
// null, unlike a Studio site removed with DELETE. Now the cancellation
// schedules every running Studio site's removal at current_period_end, with
// one site.removal_scheduled each (a site whose removal was already
// scheduled keeps it and records nothing more), and the period's end
// archives them as of removes_at.
func TestCancellingSchedulesStudioSitesRemoval(t *testing.T) {
	env, acct := paidAccount(t)
	kept := addStudio(t, acct, "kept-27c")["id"].(string)
	removed := addStudio(t, acct, "removed-27c")["id"].(string)
	acct.Client.Agent(t, "DELETE", "/sites/"+removed, nil).Expect(t, http.StatusOK)

	portalAction(t, env, acct, "cancel")
	b := billing(t, acct)
	end, _ := b["current_period_end"].(string)
	if b["cancel_at_period_end"] != true || end == "" {
		t.Fatalf("billing after cancelling: %v", b)
	}
	s := site(t, acct, kept)
	if s["status"] != "active" || s["removes_at"] != end {
		t.Errorf("Studio site after the cancellation: status %v, removes_at %v; want active, %s (the period's end)", s["status"], s["removes_at"], end)
	}
	evs := siteEvents(t, acct, "site.removal_scheduled", kept)
	if len(evs) != 1 {
		t.Fatalf("site.removal_scheduled events of the running Studio site: %d, want 1", len(evs))
	}
	if got := evs[0].Data["site"].(map[string]any); got["removes_at"] != end || got["id"] != kept {
		t.Errorf("site.removal_scheduled carries site %v, want id %s with removes_at %s", got, kept, end)
	}
	if n := len(siteEvents(t, acct, "site.removal_scheduled", removed)); n != 1 {
		t.Errorf("site.removal_scheduled events of the site removed before: %d, want its own 1", n)
	}
	// The overview sends the owner to Billing, where resuming the
	// subscription keeps the site; the Billing page's monthly total still
	// tells the site the subscription bills until its end from the one
	// removed on its own.
	br := env.NewBrowser(t)
	env.SignIn(t, br, acct.Email, "/dashboard/billing")
	if got := words(br.Get(t, "/dashboard").Expect(t, http.StatusOK).Body); !strings.Contains(got, "kept-27c stops with the subscription in ") || !strings.Contains(got, "Resume the subscription") {
		t.Errorf("the overview does not say the Studio site stops with the subscription:\n%s", got)
	}
	if got := words(br.Get(t, "/dashboard/billing").Expect(t, http.StatusOK).Body); !strings.Contains(got, "(the plan and 1 Studio site; 1 Studio site due for removal is no longer billed)") {
		t.Errorf("the Billing page's monthly total does not say which Studio site is still billed:\n%s", got)
	}

	env.AdvancePast(t, end, time.Minute)
	env.RunScheduled(t)
	if b := billing(t, acct); b["status"] != "canceled" {
		t.Fatalf("billing after the period's end: %v", b["status"])
	}
	for _, id := range []string{kept, removed} {
		s := site(t, acct, id)
		if s["status"] != "archived" || s["removes_at"] != end || s["archived_at"] != end {
			t.Errorf("Studio site %s after the end: status %v, removes_at %v, archived_at %v; want archived at %s", id, s["status"], s["removes_at"], s["archived_at"], end)
		}
		if n := len(siteEvents(t, acct, "site.archived", id)); n != 1 {
			t.Errorf("site.archived events of %s: %d, want 1", id, n)
		}
	}
}

// TestResumingKeepsStudioSitesTheCancellationStopped: README ("`DELETE` on
// a site whose removal is already scheduled returns it unchanged";
// "studio_sites counts the Studio sites the subscription bills") and spec 2
// ("A site is usable when status is active and removes_at is null or in
// the future"). Once the cancellation sets Studio sites to stop, undoing it
// in the portal must set them running again, while a site the owner
// removed with DELETE stays removed: the subscription still bills the one
// and not the other. A DELETE sent while the subscription is set to end
// removes the site for good (the subscription stops billing it), so a
// later resume does not bring it back.
func TestResumingKeepsStudioSitesTheCancellationStopped(t *testing.T) {
	env, acct := paidAccount(t)
	kept := addStudio(t, acct, "kept-27c")["id"].(string)
	removedBefore := addStudio(t, acct, "before-27c")["id"].(string)
	removedDuring := addStudio(t, acct, "during-27c")["id"].(string)
	before := acct.Client.Agent(t, "DELETE", "/sites/"+removedBefore, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["removes_at"]

	portalAction(t, env, acct, "cancel")
	if s := site(t, acct, removedDuring); s["removes_at"] == nil {
		t.Fatalf("Studio site after the cancellation: removes_at null")
	}
	acct.Client.Agent(t, "DELETE", "/sites/"+removedDuring, nil).Expect(t, http.StatusOK)
	if b := billing(t, acct); b["studio_sites"] != 1.0 {
		t.Errorf("studio_sites after removing a site while set to end: %v, want 1", b["studio_sites"])
	}

	portalAction(t, env, acct, "resume")
	if b := billing(t, acct); b["cancel_at_period_end"] != false || b["studio_sites"] != 1.0 {
		t.Fatalf("billing after resuming: cancel_at_period_end %v, studio_sites %v; want false, 1", b["cancel_at_period_end"], b["studio_sites"])
	}
	if s := site(t, acct, kept); s["status"] != "active" || s["removes_at"] != nil {
		t.Errorf("Studio site after resuming: status %v, removes_at %v; want active, null", s["status"], s["removes_at"])
	}
	if s := site(t, acct, removedBefore); s["removes_at"] != before {
		t.Errorf("Studio site removed before the cancellation, after resuming: removes_at %v, want %v", s["removes_at"], before)
	}
	if s := site(t, acct, removedDuring); s["removes_at"] == nil {
		t.Errorf("Studio site removed while the subscription was set to end, after resuming: removes_at null, want its removal kept")
	}
}
