package public

import (
	"net/http"
	"sync"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestLimits checks the order of the per-address and per-account limits,
// what counts, and the 429 answer, on a stack with small limits.
func TestLimits(t *testing.T) {
	const perIP, perAccount = 30, 10
	env := limitedStack(t, perIP, perAccount)
	o := newOwner(t, env, "https://limits.example.com")
	second := o.newKey(t, o.acct.SiteID, nil)["key"].(string)
	a := o.finished(t, o.acct.SiteID, "Limited", mustTime(t, "2026-01-17T00:00:00Z"))
	p := newOwner(t, env, "https://limits-other.example.com")
	env.NextMinute(t)

	preflights := func() {
		for i := 0; i < 3; i++ {
			resp := pub(t, env, "", "OPTIONS", "/articles", nil)
			resp.Expect(t, http.StatusNoContent)
			wantCORS(t, resp)
		}
	}
	// The account's budget counts every accepted request across its keys,
	// whatever the answer.
	for i := 0; i < perAccount; i++ {
		key := o.key
		if i%2 == 1 {
			key = second
		}
		var resp *testenv.Response
		switch i % 3 {
		case 0:
			resp = pub(t, env, key, "GET", "/ping", nil).Expect(t, http.StatusOK)
		case 1:
			resp = pub(t, env, key, "PATCH", "/articles/"+a.ID, "{").Expect(t, http.StatusBadRequest)
		default:
			resp = pub(t, env, key, "GET", "/articles/not-a-uuid", nil).Expect(t, http.StatusInternalServerError)
		}
		wantCORS(t, resp)
		preflights() // never counted
	}
	wantError(t, o.pub(t, "GET", "/ping", nil), http.StatusTooManyRequests, msgRateLimited, "")
	wantError(t, pub(t, env, second, "GET", "/articles", nil), http.StatusTooManyRequests, msgRateLimited, "")
	// Another account has its own budget; a refused key is checked before.
	p.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	wantError(t, o.pub(t, "GET", "/ping", nil, "Authorization: Bearer "+randomKey()), http.StatusUnauthorized, msgUnauthorized, "")
	used := perAccount + 4

	// The address's budget counts everything before the key is looked at.
	for i := used; i < perIP; i++ {
		wantError(t, pub(t, env, randomKey(), "GET", "/ping", nil), http.StatusUnauthorized, msgUnauthorized, "")
	}
	preflights()
	wantError(t, p.pub(t, "GET", "/ping", nil), http.StatusTooManyRequests, msgRateLimited, "")
	wantError(t, pub(t, env, randomKey(), "PATCH", "/articles/"+a.ID, "{"), http.StatusTooManyRequests, msgRateLimited, "")
	wantError(t, pub(t, env, "", "GET", "/articles", nil), http.StatusTooManyRequests, msgRateLimited, "")

	// The next clock minute starts afresh.
	env.Advance(t, 60)
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	p.pub(t, "GET", "/articles/"+a.ID, nil).Expect(t, http.StatusNotFound)
}

// limitedStack starts a dev stack of its own whose public API allows
// perIP requests per address and perAccount per account each minute.
func limitedStack(t *testing.T, perIP, perAccount int) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	return testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount = perIP, perAccount
	}})
}

// TestLimitsStayExactUnderConcurrency: the per-account count runs beside
// the site and plan check and the request's own reads (and, with a key
// used before, beside the key's check), and still lets exactly its number
// of requests through when they come at once; requests
// refused for the plan give their count back, so they never spend the
// account's budget.
func TestLimitsStayExactUnderConcurrency(t *testing.T) {
	const perAccount = 10
	env := limitedStack(t, 1000, perAccount)
	o := &owner{env: env, acct: env.NewAccount(t, "https://exact.example.com")}
	o.trial(t, cardBadCheck)
	o.key = o.newKey(t, o.acct.SiteID, nil)["key"].(string)
	// At once, with a key not used yet (checked before the reads) and again
	// in the next minute with the same key, now known (its check runs beside
	// the reads): exactly perAccount answered each time.
	for _, wave := range []string{"new key", "known key"} {
		env.NextMinute(t)
		answers := make([]*testenv.Response, 2*perAccount)
		var wg sync.WaitGroup
		for i := range answers {
			wg.Go(func() { answers[i] = o.pub(t, "GET", "/articles", nil) })
		}
		wg.Wait()
		ok, limited := 0, 0
		for _, r := range answers {
			switch r.Status {
			case http.StatusOK:
				ok++
			case http.StatusTooManyRequests:
				limited++
			default:
				t.Fatalf("%s: status %d: %s", wave, r.Status, r.Body)
			}
		}
		if ok != perAccount || limited != perAccount {
			t.Fatalf("%s: %d requests at once: %d answered and %d refused, want %d and %d", wave, len(answers), ok, limited, perAccount, perAccount)
		}
	}

	// The trial's card check fails: every request is refused for the plan,
	// and none of them counts.
	env.RunScheduled(t)
	env.NextMinute(t)
	for i := 0; i < 2*perAccount; i++ {
		o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusPaymentRequired)
	}
	o.portal(t, "card", map[string]any{"card": cardOK})
	env.RunScheduled(t)
	for i := 0; i < perAccount; i++ {
		o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	}
	wantError(t, o.pub(t, "GET", "/ping", nil), http.StatusTooManyRequests, msgRateLimited, "")
}

// TestRevokedKeyCostsTheAccountNothing: a read with a key used before runs
// beside the key's check (one round trip); when the key was revoked in
// between, the answer is still 401 and what the read counted against the
// account is given back, so the account's other keys keep its whole
// budget.
func TestRevokedKeyCostsTheAccountNothing(t *testing.T) {
	const perAccount = 3
	env := limitedStack(t, 1000, perAccount)
	o := newOwner(t, env, "https://revoked.example.com")
	doomed := o.newKey(t, o.acct.SiteID, nil)
	env.NextMinute(t)

	pub(t, env, doomed["key"].(string), "GET", "/ping", nil).Expect(t, http.StatusOK) // 1 of 3
	o.api(t, "DELETE", "/sites/"+o.acct.SiteID+"/keys/"+doomed["id"].(string), nil).Expect(t, http.StatusOK)
	for i := 0; i < 3; i++ {
		wantError(t, pub(t, env, doomed["key"].(string), "GET", "/articles", nil), http.StatusUnauthorized, msgUnauthorized, "")
	}
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)     // 2 of 3
	o.pub(t, "GET", "/articles", nil).Expect(t, http.StatusOK) // 3 of 3
	wantError(t, o.pub(t, "GET", "/ping", nil), http.StatusTooManyRequests, msgRateLimited, "")
}

// TestRefusedKeysDoNotCrowdTheAccountWindow: an account whose archived
// Studio site's key keeps being used (every request 402) while its primary
// site's key reads: the 402s never count, and the refused key, known as
// refused after its first 402, is not counted even for the moment its
// plan check takes, so exactly the account's number of accepted requests
// is answered when all of them come at once.
func TestRefusedKeysDoNotCrowdTheAccountWindow(t *testing.T) {
	const perAccount = 10
	env := limitedStack(t, 1000, perAccount)
	o := newOwner(t, env, "https://crowded-owner.example.com")
	o.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate").Expect(t, http.StatusOK)
	quote := o.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	id := o.api(t, "POST", "/sites", map[string]any{
		"site_url": "https://crowded-studio.example.com", "site_name": "Studio", "proration_date": quote["proration_date"],
	}, "Idempotency-Key: add-studio").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	studio := &owner{env: env, acct: o.acct, key: o.newKey(t, id, map[string]any{"name": "Studio blog"})["key"].(string)}
	o.api(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)
	env.Advance(t, 31*day)
	env.RunScheduled(t)
	studio.pub(t, "GET", "/ping", nil).Expect(t, http.StatusPaymentRequired)

	env.NextMinute(t)
	statuses := make([]int, 4*perAccount)
	var wg sync.WaitGroup
	for i := range statuses {
		who := studio
		if i%4 == 0 {
			who = o
		}
		wg.Go(func() { statuses[i] = who.pub(t, "GET", "/ping", nil).Status })
	}
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	if counts[http.StatusOK] != perAccount || counts[http.StatusPaymentRequired] != 3*perAccount || len(counts) != 2 {
		t.Fatalf("answers %v, want %d × 200 and %d × 402", counts, perAccount, 3*perAccount)
	}
	wantError(t, o.pub(t, "GET", "/ping", nil), http.StatusTooManyRequests, msgRateLimited, "")
}

// TestUnknownPathsCountAgainstTheAddress: public spec 8, "Per IP address
// ... counts every GET and PATCH from that address, before the key is
// checked": a request to a path the public API does not have counts too
// (it answers 404, then 429 once the address is over its limit), and its
// preflight counts nothing. Before, such requests went uncounted, so an
// address could send them without end while its budget stayed whole.
func TestUnknownPathsCountAgainstTheAddress(t *testing.T) {
	const perIP = 5
	const noEndpoint = "Not found. The public articles API serves GET /ping, GET /articles, GET /articles/{id} and PATCH /articles/{id}."
	env := limitedStack(t, perIP, 100)
	o := newOwner(t, env, "https://unknown-paths.example.com")
	env.NextMinute(t)
	for i := 0; i < perIP-1; i++ {
		wantError(t, pub(t, env, o.key, "GET", "/no-such-endpoint", nil), http.StatusNotFound, noEndpoint, "")
		pub(t, env, "", "OPTIONS", "/no-such-endpoint", nil).Expect(t, http.StatusNoContent)
	}
	wantError(t, pub(t, env, "", "PATCH", "/articles/x/y", "{}"), http.StatusNotFound, noEndpoint, "")
	wantError(t, pub(t, env, o.key, "GET", "/no-such-endpoint", nil), http.StatusTooManyRequests, msgRateLimited, "")
	wantError(t, o.pub(t, "GET", "/ping", nil), http.StatusTooManyRequests, msgRateLimited, "")
	env.Advance(t, 60)
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
}
