package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestIdempotentReplay replays a POST's answer for the same key and body,
// and refuses the key for anything else.
func TestIdempotentReplay(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	first := acct.Client.Agent(t, "POST", "/agent-keys", `{"name":"Replay bot","operator":"Ops"}`, "Idempotency-Key: key-1").Expect(t, http.StatusCreated)
	if first.Header.Get("Idempotent-Replayed") != "" {
		t.Fatal("a first answer says it is replayed")
	}
	replays := []struct{ name, body string }{
		{"same bytes", `{"name":"Replay bot","operator":"Ops"}`},
		{"same JSON, other layout", "{ \"operator\": \"Ops\",\n \"name\": \"Replay bot\" }"},
	}
	for _, c := range replays {
		t.Run(c.name, func(t *testing.T) {
			r := acct.Client.Agent(t, "POST", "/agent-keys", c.body, "Idempotency-Key: key-1").Expect(t, http.StatusCreated)
			if r.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(r.Body, first.Body) || r.Header.Get("Content-Type") != "application/json" {
				t.Fatalf("replay: header %q, body %s\nwant the first body %s", r.Header.Get("Idempotent-Replayed"), r.Body, first.Body)
			}
			if r.Header.Get("X-Request-Id") == first.Header.Get("X-Request-Id") {
				t.Fatal("a replay reuses the first request's X-Request-Id")
			}
		})
	}
	conflicts := []struct{ name, method, path, body string }{
		{"other body", "POST", "/agent-keys", `{"name":"Other bot"}`},
		{"other endpoint", "POST", "/account/resend-claim", `{"name":"Replay bot","operator":"Ops"}`},
	}
	for _, c := range conflicts {
		t.Run(c.name, func(t *testing.T) {
			expectError(t, acct.Client.Agent(t, c.method, c.path, c.body, "Idempotency-Key: key-1"), http.StatusConflict, "conflict")
		})
	}
	list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys")
	if len(list) != 2 {
		t.Fatalf("%d keys, want the first and one more", len(list))
	}
	if n := len(env.Emails(t, acct.Email)); n != 2 {
		t.Fatalf("%d owner mails, want the welcome and one key notice", n)
	}
	events, _ := walkList(t, acct.Client, "/events?types=agent_access.created", "events")
	if len(events) != 2 {
		t.Fatalf("%d agent_access.created events, want 2", len(events))
	}
	// Keys belong to one account: another account's same key runs anew.
	other := env.NewAccount(t, "")
	r := other.Client.Agent(t, "POST", "/agent-keys", `{"name":"Replay bot","operator":"Ops"}`, "Idempotency-Key: key-1").Expect(t, http.StatusCreated)
	if r.Header.Get("Idempotent-Replayed") != "" || bytes.Equal(r.Body, first.Body) {
		t.Fatal("another account got this account's stored answer")
	}
}

// TestIdempotentEmptyBodyIsTheEmptyObject replays a POST sent without a
// body to the same key sent with {} or null: every endpoint reads the
// three alike, so they are the same request (spec 4.1: same key, same
// body), and a retry that adds {} gets the stored answer, not 409.
func TestIdempotentEmptyBodyIsTheEmptyObject(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	first := acct.Client.Agent(t, "POST", "/account/resend-claim", nil, "Idempotency-Key: empty-1").Expect(t, http.StatusOK)
	for _, body := range []string{"{}", "null", " { } "} {
		r := acct.Client.Agent(t, "POST", "/account/resend-claim", body, "Idempotency-Key: empty-1").Expect(t, http.StatusOK)
		if r.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(r.Body, first.Body) {
			t.Fatalf("body %q: replayed %q, body %s; want the first answer %s", body, r.Header.Get("Idempotent-Replayed"), r.Body, first.Body)
		}
	}
	// And the other way round: {} first, then nothing.
	acct.Client.Agent(t, "POST", "/account/resend-claim", "{}", "Idempotency-Key: empty-2").Expect(t, http.StatusOK)
	r := acct.Client.Agent(t, "POST", "/account/resend-claim", nil, "Idempotency-Key: empty-2").Expect(t, http.StatusOK)
	if r.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatal("an empty body after {} under one key ran again")
	}
	expectError(t, acct.Client.Agent(t, "POST", "/account/resend-claim", `{"x":1}`, "Idempotency-Key: empty-2"), http.StatusConflict, "conflict")
}

// TestIdempotencyKeyLength accepts keys of 1 to 255 characters.
func TestIdempotencyKeyLength(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cases := []struct {
		name   string
		key    string
		status int
	}{
		{"255 characters", strings.Repeat("k", 255), http.StatusCreated},
		{"256 characters", strings.Repeat("k", 256), http.StatusBadRequest},
		{"1000 characters", strings.Repeat("k", 1000), http.StatusBadRequest},
		{"empty", "", http.StatusBadRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "len " + c.name}, "Idempotency-Key: "+c.key)
			if c.status == http.StatusBadRequest {
				expectError(t, r, c.status, "bad_request")
				return
			}
			r.Expect(t, c.status)
		})
	}
	if list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys"); len(list) != 2 {
		t.Fatalf("%d keys, want 2 (refused keys create nothing)", len(list))
	}
}

// TestConcurrentSignupsWithOneKey sends 20 identical POST /accounts at once
// with one Idempotency-Key: one account and one key come of it.
func TestConcurrentSignupsWithOneKey(t *testing.T) {
	env := testenv.Shared(t)
	email := testenv.UniqueEmail("race")
	key := "race-" + email
	const n = 20
	answers := testenv.AtOnce(n, func(int) *testenv.Response {
		return env.Client().Agent(t, "POST", "/accounts", signupBody(email), "Idempotency-Key: "+key)
	})
	var created []byte
	fresh := 0
	for i, r := range answers {
		switch r.Status {
		case http.StatusCreated:
			if created == nil {
				created = r.Body
			} else if !bytes.Equal(r.Body, created) {
				t.Fatalf("answer %d differs from another 201:\n%s\n%s", i, r.Body, created)
			}
			if r.Header.Get("Idempotent-Replayed") != "true" {
				fresh++
			}
		case http.StatusConflict:
			expectError(t, r, http.StatusConflict, "conflict")
		default:
			t.Fatalf("answer %d: %d %s", i, r.Status, r.Body)
		}
	}
	if created == nil || fresh != 1 {
		t.Fatalf("%d answers ran the request, want exactly 1 (got a 201: %v)", fresh, created != nil)
	}
	var out struct {
		AgentKey struct{ Key string } `json:"agent_key"`
	}
	(&testenv.Response{Body: created}).Decode(t, &out)
	c := env.Client().As(out.AgentKey.Key)
	c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	if list, _ := walkList(t, c, "/agent-keys", "agent_keys"); len(list) != 1 {
		t.Fatalf("%d agent keys, want 1", len(list))
	}
	if jobs, _ := walkList(t, c, "/jobs", "jobs"); len(jobs) != 1 {
		t.Fatalf("%d jobs, want 1 scan", len(jobs))
	}
	if mails := env.Emails(t, email); len(mails) != 1 {
		t.Fatalf("%d welcome mails, want 1", len(mails))
	}
	// Later retries replay the same answer.
	r := env.Client().Agent(t, "POST", "/accounts", signupBody(email), "Idempotency-Key: "+key).Expect(t, http.StatusCreated)
	if !bytes.Equal(r.Body, created) || r.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("late retry = %s", r.Body)
	}
}

// TestCrashAfterCommitReplays fails requests right after their transaction
// committed (as if the function died there): the retry replays the stored
// answer and nothing runs twice.
func TestCrashAfterCommitReplays(t *testing.T) {
	env := startStack(t, nil)
	t.Run("POST /agent-keys", func(t *testing.T) {
		acct := env.NewAccount(t, "")
		settleScan(t, acct)
		env.RunScheduled(t)
		env.ArmFault(t, "after_commit", 1)
		body := map[string]any{"name": "Crash bot"}
		expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", body, "Idempotency-Key: crash-1"), http.StatusInternalServerError, "internal_error")
		r := acct.Client.Agent(t, "POST", "/agent-keys", body, "Idempotency-Key: crash-1").Expect(t, http.StatusCreated)
		if r.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatal("the retry ran the request again instead of replaying it")
		}
		k := object(t, r.JSON(t), "agent_key")
		env.Client().As(str(t, k["key"])).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
		list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys")
		if fmt.Sprint(idsOf(list)) != fmt.Sprint([]string{acct.KeyID, str(t, k["id"])}) {
			t.Fatalf("keys %v, want the first and the replayed one", idsOf(list))
		}
		events, _ := walkList(t, acct.Client, "/events?types=agent_access.created", "events")
		if len(events) != 2 {
			t.Fatalf("%d agent_access.created events, want 2", len(events))
		}
		entries, _ := walkList(t, acct.Client, "/activity?actor_id="+acct.KeyID, "activity")
		created := 0
		for _, e := range entries {
			if e["action"] == "agent_key.created" {
				created++
			}
		}
		if created != 1 {
			t.Fatalf("%d agent_key.created entries, want 1", created)
		}
	})
	t.Run("POST /accounts", func(t *testing.T) {
		email := testenv.UniqueEmail("crash")
		env.RunScheduled(t)
		env.ArmFault(t, "after_commit", 1)
		expectError(t, env.Client().Agent(t, "POST", "/accounts", signupBody(email), "Idempotency-Key: crash-2"), http.StatusInternalServerError, "internal_error")
		r := env.Client().Agent(t, "POST", "/accounts", signupBody(email), "Idempotency-Key: crash-2").Expect(t, http.StatusCreated)
		if r.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatal("the retry ran the request again instead of replaying it")
		}
		var out struct {
			AgentKey struct{ Key string } `json:"agent_key"`
			ScanJob  string               `json:"scan_job_id"`
		}
		r.Decode(t, &out)
		c := env.Client().As(out.AgentKey.Key)
		c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
		expectError(t, env.Client().Agent(t, "POST", "/accounts", signupBody(email)), http.StatusConflict, "account_exists")
		if jobs, _ := walkList(t, c, "/jobs", "jobs"); len(jobs) != 1 {
			t.Fatalf("%d jobs, want the one scan", len(jobs))
		}
		// The scan's queue message died with the request; the job sweep
		// sends it again once the job is overdue.
		env.RunScheduled(t)
		j := object(t, c.Agent(t, "GET", "/jobs/"+out.ScanJob, nil).Expect(t, http.StatusOK).JSON(t), "job")
		if j["status"] != "queued" {
			t.Fatalf("scan job whose message was lost is %v, want still queued", j["status"])
		}
		env.Advance(t, 180)
		env.RunScheduled(t)
		acct := &testenv.Account{Client: c, ScanJob: out.ScanJob}
		settleScan(t, acct)
	})
}

// TestAnonymousKeysBelongToTheCaller keeps an unauthenticated caller's
// Idempotency-Key to its own address: another address sending the same key
// and body is not handed the stored answer (which holds an agent key).
func TestAnonymousKeysBelongToTheCaller(t *testing.T) {
	env := testenv.Shared(t)
	email := testenv.UniqueEmail("anon")
	body := fmt.Sprintf(`{"email":%q,"site_url":"https://acme.com","agent":{"name":"Test agent"}}`, email)
	first := env.Client().Agent(t, "POST", "/accounts", body, "Idempotency-Key: signup-1").Expect(t, http.StatusCreated)

	other := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}).DialContext}}
	req, _ := http.NewRequest("POST", env.URL+"/api/agent/v1/accounts", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", "signup-1")
	resp, err := other.Do(req)
	if err != nil {
		t.Skipf("no second loopback address to call from: %v", err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Idempotent-Replayed") != "" || bytes.Equal(got, first.Body) {
		t.Fatalf("another address was replayed the stored answer: %d %s", resp.StatusCode, got)
	}
	if resp.StatusCode != http.StatusConflict || !strings.Contains(string(got), `"code":"account_exists"`) {
		t.Fatalf("another address = %d %s, want 409 account_exists", resp.StatusCode, got)
	}
	// The first caller still gets its replay.
	r := env.Client().Agent(t, "POST", "/accounts", body, "Idempotency-Key: signup-1").Expect(t, http.StatusCreated)
	if r.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(r.Body, first.Body) {
		t.Fatal("the first caller's retry was not replayed")
	}
}
