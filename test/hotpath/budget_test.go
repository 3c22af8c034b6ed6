package hotpath

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// budget is the account's request budget of the budget tests' stack.
const budget = 8

// budgetStack starts a stack with a small account budget whose clock the
// test moves, at the start of a clock minute.
func budgetStack(t *testing.T) (*testenv.Env, *testenv.Account) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.AccountRequestsPerMinute = budget
	}})
	acct := env.NewAccount(t, "")
	env.NextMinute(t)
	return env, acct
}

// split counts answers with status ok and 429 rate_limited (with
// Retry-After), and fails on anything else.
func split(t *testing.T, answers []*testenv.Response, ok int) (passed, limited int) {
	t.Helper()
	for _, r := range answers {
		switch r.Status {
		case ok:
			passed++
		case http.StatusTooManyRequests:
			if r.ErrorCode(t) != "rate_limited" || r.Header.Get("Retry-After") == "" {
				t.Fatalf("429 without rate_limited and Retry-After: %v %s", r.Header, r.Body)
			}
			limited++
		default:
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
	}
	return passed, limited
}

func keyCount(t *testing.T, c *testenv.Client) int {
	t.Helper()
	var out struct {
		AgentKeys []any `json:"agent_keys"`
	}
	c.Agent(t, "GET", "/agent-keys?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return len(out.AgentKeys)
}

// TestBudgetStaysExactWhenItIsCountedBesideTheRequest: the account budget
// is counted beside each request rather than before it, and still lets
// exactly its number of requests through, reads and writes alike; a write
// over budget (over HTTP or as an MCP tool call) runs nothing, and its
// Idempotency-Key is free again afterwards.
func TestBudgetStaysExactWhenItIsCountedBesideTheRequest(t *testing.T) {
	env, acct := budgetStack(t)

	reads := testenv.AtOnce(2*budget, func(int) *testenv.Response { return acct.Client.Agent(t, "GET", "/account", nil) })
	if passed, limited := split(t, reads, http.StatusOK); passed != budget || limited != budget {
		t.Fatalf("%d concurrent reads: %d passed and %d were refused, want %d and %d", 2*budget, passed, limited, budget, budget)
	}

	env.NextMinute(t)
	writes := testenv.AtOnce(2*budget, func(i int) *testenv.Response {
		return acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Budget agent " + strings.Repeat("x", i%3+1)})
	})
	passed, limited := split(t, writes, http.StatusCreated)
	if passed != budget || limited != budget {
		t.Fatalf("%d concurrent writes: %d passed and %d were refused, want %d and %d", 2*budget, passed, limited, budget, budget)
	}
	env.NextMinute(t)
	if n := keyCount(t, acct.Client); n != 1+budget {
		t.Fatalf("%d agent keys after %d accepted creations, want %d: a refused write ran", n, budget, 1+budget)
	}

	// Over budget, a keyed write and a writing tool call run nothing.
	env.NextMinute(t)
	for i := 0; i < budget; i++ {
		acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	}
	acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Keyed agent"}, "Idempotency-Key: over-budget").
		ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	// On the MCP address the refusal is a JSON-RPC error with the message's
	// id and the API's error in its data.
	if r := acct.Client.CallTool(t, "create_agent_key", map[string]string{"name": "Tool agent"}); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" ||
		!strings.Contains(string(r.Body), `"jsonrpc":"2.0"`) || !strings.Contains(string(r.Body), `"id":1`) || !strings.Contains(string(r.Body), `"code":"rate_limited"`) {
		t.Fatalf("tool call over budget: %d %v %s", r.Status, r.Header, r.Body)
	}
	env.NextMinute(t)
	if n := keyCount(t, acct.Client); n != 1+budget {
		t.Fatalf("%d agent keys, want %d: a write over budget ran", n, 1+budget)
	}
	r := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Keyed agent"}, "Idempotency-Key: over-budget").
		Expect(t, http.StatusCreated)
	if r.Header.Get("Idempotent-Replayed") != "" {
		t.Fatal("the key of a request refused over budget replayed instead of running")
	}
}
