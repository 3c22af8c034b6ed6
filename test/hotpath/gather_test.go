package hotpath

import (
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// TestAKnownKeysReadGathersItsItems: the items a read with a credential
// accepted before needs (the credential, the account or site key's
// holder, the site, billing, the endpoint's own items) go out as one
// BatchGetItem beside the budget counts and the endpoint's queries, rather
// than as one GetItem each. A part whose goroutine starts late (on two
// busy cores, more than par.MaxGatherWait after the others) sends its
// items in a batch of its own: GET /backlinks, with six parts, gathers in
// 2 to 3 of 7 tries on this machine, unloaded. How often a read gathers is
// the hot-path benchmark's to measure; here each read must gather in at
// least one of ten tries, which fails when the gathering does not work at
// all. That the batch goes out beside the rest, in one round trip, is
// TestReadsWithAKnownKeyMakeOneRoundTrip's.
func TestAKnownKeysReadGathersItsItems(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	acct := env.NewReadable(t, "")
	const tries = 10
	for _, route := range []routes.Route{routes.GetAccount, routes.GetSite, routes.GetBacklinks, routes.PublicPing} {
		t.Run(route.Key(), func(t *testing.T) {
			acct.Read(t, route) // the function now knows the credential
			gathered := 0
			var last []string
			for i := 0; i < tries; i++ {
				r, spans := rounds(t, env, func() *testenv.Response { return acct.Read(t, route) })
				if r.Status != 200 {
					t.Fatalf("status %d: %s", r.Status, r.Body)
				}
				batches, gets := 0, 0
				for _, s := range spans {
					switch s.Op {
					case "BatchGetItem":
						batches++
					case "GetItem":
						gets++
					}
				}
				if batches == 1 && gets == 0 {
					gathered++
				}
				last = ops(spans)
			}
			if gathered == 0 {
				t.Fatalf("%d of %d reads made their item reads as one BatchGetItem (last: %v)", gathered, tries, last)
			}
		})
	}
}
