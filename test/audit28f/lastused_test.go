package audit28f

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestAKeyListingItselfShowsItsUse: spec 2, Agent key: "last_used_at ...
// last authenticated request"; README, "Agent keys": "last_used_at is
// updated at most once a minute per key, so it is accurate to the minute".
// Defect: the first request of a new key that was GET /agent-keys (how an
// agent finds which listed key is its own) often listed that very key
// with last_used_at null, "never used", although the request was
// authenticated with it: the use is written beside the request, and the
// list read the key before that write. The caller's own key now shows the
// use the list is answering whenever what is stored is more than the
// minute behind.
func TestAKeyListingItselfShowsItsUse(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for i := range 10 {
		id, key := a.Client.CreateAgentKey(t, fmt.Sprintf("Fresh %d", i))
		own := a.Client.As(key).AgentKey(t, id)
		if own == nil {
			t.Fatalf("key %s does not list itself", id)
		}
		if own["last_used_at"] == nil {
			t.Errorf("round %d: the key's first request, GET /agent-keys, lists it with last_used_at null", i)
		}
		a.Client.Agent(t, "DELETE", "/agent-keys/"+id, nil).Expect(t, http.StatusOK)
	}
}
