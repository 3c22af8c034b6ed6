package audit25g

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestClaimedReplyGetsItsPermalinkOnTheThreadPage: spec 4.8, POST
// /sites/{site_id}/forum/replies: "permalink (optional ...; omit to record
// with status claimed, then call again with it)", and the README's "Owner
// dashboard": the forum pages have "a posting desk: copy the reply, open
// the thread, record the posted reply's permalink". An agent that hands a
// draft to the owner claims the reply first (the forum_sweep prompt's
// flow); the owner who then posts it must be able to record its
// permalink on the thread's page. Before the fix the page hid the posting
// desk as soon as any reply was recorded, claimed or not, so it showed
// "not recorded yet" with no way to record the address.
func TestClaimedReplyGetsItsPermalinkOnTheThreadPage(t *testing.T) {
	r := ownerRig(t)
	d := r.draft(t, r.thread)
	r.api(t, "POST", r.Base+"/replies", map[string]any{"thread_id": r.thread, "draft_id": d["id"]}).Expect(t, http.StatusOK)

	page := r.page("/forum/threads/" + r.thread)
	form := r.b.Get(t, page).Expect(t, http.StatusOK, "Posting desk").Form(t, page+"/reply")
	link := r.comment(t, r.ForumID)
	form.Set("permalink", link)
	r.b.Post(t, page+"/reply", form).Expect(t, http.StatusSeeOther)

	rep := r.api(t, "GET", r.Base+"/threads/"+r.thread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)["reply"].(map[string]any)
	if rep["status"] != "posted" || rep["permalink"] != link {
		t.Fatalf("the claimed reply after the owner recorded its address: %v", rep)
	}
	if body := r.b.Get(t, page).Expect(t, http.StatusOK).Body; strings.Contains(body, "Posting desk") {
		t.Errorf("the thread page still offers the posting desk once the reply's address is recorded")
	}
}

// TestDismissedThreadCanBeFoundAndRestoredFromTheForumPage: the README's
// "Owner dashboard": the forum pages offer "threads best fit first, save,
// dismiss with a reason or restore a thread". Restoring needs the
// dismissed thread to be reachable from the forum page. Before the fix the
// forum page listed every status but dismissed, so a thread the owner (or
// an agent) dismissed vanished from the dashboard and could never be
// restored there.
func TestDismissedThreadCanBeFoundAndRestoredFromTheForumPage(t *testing.T) {
	r := ownerRig(t)
	r.api(t, "PATCH", r.Base+"/threads/"+r.thread, map[string]any{"status": "dismissed", "dismiss_reason": "Not our audience"}).Expect(t, http.StatusOK)

	href := r.page("/forum/threads/" + r.thread)
	forum := r.b.Get(t, r.page("/forum")).Expect(t, http.StatusOK)
	if !strings.Contains(forum.Body, `href="`+href+`"`) {
		t.Fatalf("the forum page has no link to the dismissed thread %s", href)
	}
	restore := r.b.Get(t, href).Expect(t, http.StatusOK).Form(t, href, "status=new")
	r.b.Post(t, href, restore).Expect(t, http.StatusSeeOther)
	if st := r.api(t, "GET", r.Base+"/threads/"+r.thread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)["status"]; st != "new" {
		t.Fatalf("the restored thread is %v, want new", st)
	}
}

// TestDraftEditFormKeepsWhatAnAgentChangedMeanwhile: the README's "Owner
// dashboard", Forms: "edit forms send only the fields the owner changed on
// the page (each form carries a digest of what it showed), so what an
// agent changed meanwhile stays". The thread page's "Save my version" form
// carries that digest, but before the fix it always sent its text: an
// owner who saved the form as shown, after an agent had edited the draft
// since the page was opened, wrote the old text over the agent's version.
func TestDraftEditFormKeepsWhatAnAgentChangedMeanwhile(t *testing.T) {
	r := ownerRig(t)
	d := r.draft(t, r.thread)
	page := r.page("/forum/threads/" + r.thread)
	form := r.b.Get(t, page).Expect(t, http.StatusOK).Form(t, page+"/edit")
	if form.Get("edited_body") != d["body"] {
		t.Fatalf("the edit form shows %q, want the draft's body", form.Get("edited_body"))
	}

	agents := d["body"].(string) + "\n\nEdited by the agent after the page was opened."
	r.api(t, "PATCH", r.Base+"/drafts/"+d["id"].(string), map[string]any{"edited_body": agents}).Expect(t, http.StatusOK)
	r.b.Post(t, page+"/edit", form).Expect(t, http.StatusSeeOther)

	got := r.api(t, "GET", r.Base+"/threads/"+r.thread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)["draft"].(map[string]any)
	if got["edited_body"] != agents {
		t.Fatalf("after the owner saved the form unchanged the draft's edited_body is %q, want the agent's %q", got["edited_body"], agents)
	}

	// What the owner did change is sent.
	form = r.b.Get(t, page).Expect(t, http.StatusOK).Form(t, page+"/edit")
	mine := agents + "\n\nAnd a line of the owner's."
	form.Set("edited_body", mine)
	r.b.Post(t, page+"/edit", form).Expect(t, http.StatusSeeOther)
	got = r.api(t, "GET", r.Base+"/threads/"+r.thread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)["draft"].(map[string]any)
	if got["edited_body"] != mine {
		t.Fatalf("the owner's edit: edited_body %q, want %q", got["edited_body"], mine)
	}
}

// TestForumPageOfAnArchivedStudioSiteSaysWhyItIsReadOnly: the README's
// "Forum presence": "access: ... lapsed when past due or canceled, or for
// a site that is no longer usable (an archived or removed Studio site) on
// a paid plan (reads only)". The forum page of an archived Studio site
// on a paid plan told the owner the access was "read-only: the plan is
// past due or ended", which is false there (the plan is paid); the owner
// needs to learn that the site itself was archived and is restored on the
// Billing page.
func TestForumPageOfAnArchivedStudioSiteSaysWhyItIsReadOnly(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	env.PaidPlan(t, acct)
	c := acct.Client
	id := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-audit25g.example.com", "site_name": "Studio audit"}).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	removes := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["removes_at"].(string)
	env.AdvancePast(t, removes, time.Hour)
	env.RunScheduled(t)
	if s := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["status"] != "archived" {
		t.Fatalf("the Studio site after its removal time: %v", s["status"])
	}
	if b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["paid"] != true {
		t.Fatalf("the plan after the renewal is not paid: %v", b)
	}
	if a := c.Agent(t, "GET", "/sites/"+id+"/forum", nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)["access"]; a != "lapsed" {
		t.Fatalf("forum access of the archived Studio site = %v, want lapsed", a)
	}

	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")
	page := b.Get(t, "/dashboard/sites/"+id+"/forum").Expect(t, http.StatusOK)
	if strings.Contains(page.Body, "past due or ended") {
		t.Errorf("the forum page of an archived Studio site on a paid plan says the plan is past due or ended")
	}
	if !strings.Contains(page.Body, "this site is archived") {
		t.Errorf("the forum page of an archived Studio site does not say the site is archived")
	}
}
