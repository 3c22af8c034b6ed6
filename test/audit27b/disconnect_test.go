package audit27b

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"

	"rvcontent/test/testenv"
)

// TestDisconnectIntegrationReplaysAfterCrash: spec 4.1 and the README's
// Idempotency ("When a POST's effect is a transaction, its response is
// stored in the same transaction"; the key is honoured "also on PATCH and
// DELETE") and Faults (after_commit "Tests use it to show that retries
// replay instead of running twice"). Before the fix DELETE
// .../integrations/{integration_id} committed the disconnection without
// its answer (its transaction named the answer, but the handler never
// said how to render it), so after a crash past the commit the key was
// released and the agent's retry ran the disconnect again, answering
// without Idempotent-Replayed. It now replays the first answer.
func TestDisconnectIntegrationReplaysAfterCrash(t *testing.T) {
	env := testenv.StartQuiet(t)
	host := testenv.Word("disconnect") + ".example.com"
	a := env.NewAccount(t, "https://"+host)
	env.Trial(t, a, testenv.TestCardOK)
	fake := platformfake.New("Crash Blog", "crash-token")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	path := "/sites/" + a.SiteID + "/integrations/push_platform_1"
	link := a.Client.Agent(t, "POST", path+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms." + host, "api_token": "crash-token"}).Expect(t, http.StatusOK)
	if st := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)["status"]; st != "connected" {
		t.Fatalf("integration status %v after connecting, want connected", st)
	}

	replay := crashThenRetry(t, env, a.Client, "DELETE", path, nil, "disconnect-crash")
	if st := field(replay.JSON(t), "integration.status"); st != "not_connected" {
		t.Fatalf("replayed disconnect's integration status = %v, want not_connected: %s", st, replay.Body)
	}
	disconnected := 0
	for _, e := range a.Client.Activity(t) {
		if e.Action == "integration.disconnected" {
			disconnected++
		}
	}
	if disconnected != 1 {
		t.Fatalf("%d integration.disconnected activity entries, want 1", disconnected)
	}
}
