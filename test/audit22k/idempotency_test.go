package audit22k

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestIdempotencyReplayWindowIsTwentyFourHours: spec 8's "Idempotency key
// ... replay window 24 hours". The same key and body replay the first
// answer a minute before the window ends (Idempotent-Replayed: true, the
// same endpoint); a minute after it ends they run again (a new endpoint,
// no replay header), and so does the key with another body (no 409).
func TestIdempotencyReplayWindowIsTwentyFourHours(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	body := map[string]any{"url": "https://hooks.example.com/window", "events": []string{"forum.reply_removed"}}
	create := func(b any) *testenv.Response {
		return acct.Client.Agent(t, "POST", "/webhooks", b, "Idempotency-Key: window-key")
	}
	idOf := func(r *testenv.Response) string {
		return r.JSON(t)["webhook"].(map[string]any)["id"].(string)
	}
	first := create(body).Expect(t, http.StatusCreated)
	env.Advance(t, 24*3600-60)
	again := create(body).Expect(t, http.StatusCreated)
	if again.Header.Get("Idempotent-Replayed") != "true" || idOf(again) != idOf(first) {
		t.Fatalf("within 24 hours: replayed %q, id %s, want a replay of %s", again.Header.Get("Idempotent-Replayed"), idOf(again), idOf(first))
	}
	env.Advance(t, 120)
	late := create(body).Expect(t, http.StatusCreated)
	if late.Header.Get("Idempotent-Replayed") != "" || idOf(late) == idOf(first) {
		t.Fatalf("after 24 hours: replayed %q, id %s, want a new endpoint beside %s", late.Header.Get("Idempotent-Replayed"), idOf(late), idOf(first))
	}
	env.Advance(t, 24*3600+60)
	other := map[string]any{"url": "https://hooks.example.com/other", "events": []string{"forum.reply_removed"}}
	if r := create(other); r.Status != http.StatusCreated || r.Header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("the key with another body after 24 hours: %d %s, want 201 not replayed", r.Status, r.Body)
	}
}
