package audit29t

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestActivityActorProblemNamesTheOwnersIDAndService: README, "`actor_id`
// must be an actor's id, a UUID (agent key, app, site key, or the owner's
// account id) or `service`; any other value answers 422 on `actor_id`".
// Defect: the problem read "actor_id must be the id of an agent key, an
// app, a site key or the owner, or service": the owner has no id of its
// own (it is the account's id), and `service`, a value to send, read as a
// word of the sentence. It now says the account's id and quotes "service".
func TestActivityActorProblemNamesTheOwnersIDAndService(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	got := acct.Client.Agent(t, "GET", "/activity?actor_id=owner", nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := got["details"].([]any)
	if len(details) != 1 {
		t.Fatalf("details %v, want one on actor_id", got["details"])
	}
	d, _ := details[0].(map[string]any)
	want := `must be the id of an agent key, an app connection, a site key or the owner (the account's id), or "service" for the service's own work`
	if d["field"] != "actor_id" || d["problem"] != want {
		t.Errorf("actor_id problem %v, want %q", d, want)
	}
}
