package audit24e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// threadOf sweeps the forum fixture for a new thread of the owner's site
// and returns the thread's id.
func threadOf(t *testing.T, env *testenv.Env, o *owner) string {
	t.Helper()
	s := "/sites/" + o.SiteID
	word := fmt.Sprintf("griddleword%d", time.Now().UnixNano()%1_000_000)
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "castiron", "title": "How do I keep my " + word + " from rusting after washing it?", "body": "Any advice on " + word + "?", "up_votes": 9,
	}).Expect(t, http.StatusOK)
	o.API(t, "PATCH", s, map[string]any{"brand_name": "Griddle Co"}, http.StatusOK)
	o.API(t, "PATCH", s+"/forum", map[string]any{"enabled": true, "topic_tags": []string{word}}, http.StatusOK)
	o.Client.WaitJob(t, o.API(t, "POST", s+"/forum/sweeps", nil, http.StatusAccepted)["job"].(map[string]any)["id"].(string))
	var threads struct{ Threads []struct{ ID string } }
	o.Client.Agent(t, "GET", s+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &threads)
	if len(threads.Threads) == 0 {
		t.Fatal("the forum search found no thread")
	}
	return threads.Threads[0].ID
}

// Spec 4.8: PATCH .../threads/{thread_id} takes `status` "and optional
// `dismiss_reason`"; section 1: the owner watches what agents do. The
// thread page showed a thread an agent dismissed as dismissed without the
// reason the agent gave, and its Dismiss button could give none.
func TestDismissReasonOnTheThreadPage(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	id := threadOf(t, env, o)
	path := "/sites/" + o.SiteID + "/forum/threads/" + id
	page := o.SitePage("/forum/threads/" + id)

	o.API(t, "PATCH", path, map[string]any{"status": "dismissed", "dismiss_reason": "A competitor's support thread"}, http.StatusOK)
	o.Browser.Get(t, page).Expect(t, http.StatusOK, "A competitor&#39;s support thread")

	restore := o.Browser.Get(t, page).Form(t, page, "status=new")
	o.Browser.Post(t, page, restore).Expect(t, http.StatusSeeOther)
	dismiss := o.Browser.Get(t, page).Expect(t, http.StatusOK).Form(t, page, "status=dismissed")
	if _, ok := dismiss["dismiss_reason"]; !ok {
		t.Fatalf("the Dismiss form has no reason field: %v", dismiss)
	}
	long := strings.Repeat("too long ", 25)
	dismiss.Set("dismiss_reason", long)
	refused := o.Browser.Post(t, page, dismiss).Expect(t, http.StatusUnprocessableEntity, `aria-invalid="true"`, strings.TrimSpace(long))
	if got := o.API(t, "GET", path, nil, http.StatusOK)["thread"].(map[string]any)["status"]; got != "new" {
		t.Fatalf("a refused Dismiss left the thread %v", got)
	}
	dismiss = refused.Form(t, page, "status=dismissed")
	dismiss.Set("dismiss_reason", "Asked and answered last week")
	o.Browser.Post(t, page, dismiss).Expect(t, http.StatusSeeOther)
	got := o.API(t, "GET", path, nil, http.StatusOK)["thread"].(map[string]any)
	if got["status"] != "dismissed" || got["dismiss_reason"] != "Asked and answered last week" {
		t.Fatalf("after the owner's Dismiss the thread is %v with reason %v", got["status"], got["dismiss_reason"])
	}
}
