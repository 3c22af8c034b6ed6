package audit25f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestWrittenArticleEntryCarriesTheCallersAddress: spec 2 (Activity entry:
// "actor ... agent = a key ..., ip: caller address") and 4.4. The
// "article.generated" entry of a writing an agent asked for is
// attributed to that agent's key, so its ip is the address the agent
// called from, as on the "article.generation_started" entry of the same
// request (and as a saved research run's entry, written by its job too,
// already has). Before the fix the entry named the agent but had ip "".
func TestWrittenArticleEntryCarriesTheCallersAddress(t *testing.T) {
	env, acct := testenv.StartScanned(t, "writing-audit25f")
	c := acct.Client
	env.Trial(t, acct, testenv.TestCardOK)
	base := "/sites/" + acct.SiteID + "/articles"
	var list struct{ Articles []struct{ ID string } }
	c.Agent(t, "GET", base+"?status=scheduled", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Articles) == 0 {
		t.Fatal("the scan planned no scheduled article")
	}
	id := list.Articles[0].ID
	job := c.Agent(t, "POST", base+"/"+id+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := c.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("generation job %v", j)
	}
	started, written := entriesOf(t, c, "article.generation_started"), entriesOf(t, c, "article.generated")
	if len(started) != 1 || len(written) != 1 {
		t.Fatalf("%d generation_started and %d generated entries, want 1 each", len(started), len(written))
	}
	if started[0].IP == "" {
		t.Fatalf("the request's entry has no address: %+v", started[0])
	}
	w := written[0]
	if w.Actor["type"] != "agent" || w.Actor["id"] != acct.KeyID || w.Resource["id"] != id {
		t.Fatalf("article.generated entry %+v, want the agent's key %s and the article %s", w, acct.KeyID, id)
	}
	if w.IP != started[0].IP {
		t.Fatalf("article.generated entry ip %q, want the caller's address %q", w.IP, started[0].IP)
	}
}
