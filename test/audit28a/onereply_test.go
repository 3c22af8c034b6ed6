package audit28a

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestReplyOfOneSiteTakesTheThreadOnOtherSites: spec 4.8, "One reply per
// thread per account"; spec 2 Forum thread, `status` (`new`, `saved`,
// `drafted`, `posted`, ...); README, Forum presence: "`posted` once a reply
// is recorded" and "409 for ... a forum thread another site of the account
// has recorded its reply in". Defect: once one site of the account recorded
// its reply in a forum thread, the same forum thread on the account's other
// sites stayed `new` (or `drafted`) and a sweep of another site still added
// it as `new`, inviting an agent to spend its time on a thread every draft
// and record of which answers 409. Now the thread shows it is taken on
// every usable site of the account: status `posted` with `reply` null (the
// reply is on another site), in lists and in the single-thread answer, and
// drafting or recording there still answers 409 `conflict`; a thread
// dismissed there stays dismissed (restoring it answers 409). The
// dashboard, which said "reply posted" with no reply to show, now says
// the thread was replied to from another of the owner's sites.
func TestReplyOfOneSiteTakesTheThreadOnOtherSites(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	a := o.Account
	primary := env.NewForum(t, a)
	studio, studioThread := primary.OnStudioSite(t)
	// Two sites may both draft before either records a reply.
	draft(t, a.Client, studio, studioThread)
	set, setThread := primary.OnStudioSite(t)
	a.Client.Agent(t, "PATCH", set+"/threads/"+setThread, map[string]any{"status": "dismissed"}).Expect(t, http.StatusOK)
	mine := primary.ThreadOf(t, primary.ForumID)["id"].(string)
	d := draft(t, a.Client, primary.Base, mine)
	a.Client.Agent(t, "POST", primary.Base+"/replies", map[string]any{"thread_id": mine, "draft_id": d["id"]}).Expect(t, http.StatusOK)

	later, laterThread := primary.OnStudioSite(t) // swept after the reply was recorded
	for _, c := range []struct{ base, id string }{{studio, studioThread}, {later, laterThread}} {
		th := thread(t, a.Client, c.base, c.id)
		if th["status"] != "posted" || th["reply"] != nil {
			t.Errorf("%s: thread another site replied in: status %v, reply %v; want posted, null", c.base, th["status"], th["reply"])
		}
		var list struct{ Threads []map[string]any }
		a.Client.Agent(t, "GET", c.base+"/threads?status=posted", nil).Expect(t, http.StatusOK).Decode(t, &list)
		if len(list.Threads) != 1 || list.Threads[0]["id"] != c.id {
			t.Errorf("%s: ?status=posted lists %v, want the thread another site replied in", c.base, list.Threads)
		}
		a.Client.Agent(t, "POST", c.base+"/threads/"+c.id+"/drafts", nil).ExpectError(t, http.StatusConflict, "conflict")
	}
	a.Client.Agent(t, "PATCH", set+"/threads/"+setThread, map[string]any{"status": "new"}).ExpectError(t, http.StatusConflict, "conflict")
	if th := thread(t, a.Client, set, setThread); th["status"] != "dismissed" {
		t.Errorf("dismissed thread another site replied in, after PATCH status new: %v, want dismissed", th["status"])
	}
	sd := thread(t, a.Client, studio, studioThread)["draft"].(map[string]any)
	a.Client.Agent(t, "POST", studio+"/replies", map[string]any{"thread_id": studioThread, "draft_id": sd["id"]}).ExpectError(t, http.StatusConflict, "conflict")

	page := "/dashboard" + strings.TrimSuffix(studio, "/forum")
	o.Browser.Get(t, page+"/forum").Expect(t, http.StatusOK, "replied from another of your sites")
	o.Browser.Get(t, page+"/forum/threads/"+studioThread).Expect(t, http.StatusOK, "Another of your sites recorded its reply in this forum thread")
}
