package audit28m

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestSettingsPatchesOfDifferentFieldsAtOnceAllApply: spec 4.1 ("`PATCH`
// changes only the fields sent") and 4.7/4.8 (PATCH .../backlinks and
// PATCH .../forum return the settings), and the README's rule for writes
// that lose a race with another write of the same item ("is applied
// again to the item as it is now, after a short random pause, up to 5
// times, before it answers 409 `conflict`"). Before the fix the forum
// presence and backlink exchange settings retried a lost race only 3
// times and at once, so a handful of PATCHes of different fields sent
// together (an agent setting tone, niche and sweep size in parallel)
// answered 409 "changed at the same moment" although none of them
// touched another's field. Now each is applied again after a
// backoff.Pause, up to backoff.Attempts times, as the other settings are:
// every PATCH answers 200 and every field it sent holds. Four at once
// per item: with many more, one PATCH may still lose all 5 races, which
// the spec allows (409 for a concurrent change).
func TestSettingsPatchesOfDifferentFieldsAtOnceAllApply(t *testing.T) {
	env := testenv.StartQuiet(t)
	m := env.PaidBacklinkMember(t, env.NewMemberWeb(t), testenv.Word("settings")+".example")
	c, site := m.Acct.Client, "/sites/"+m.Site
	f := env.NewForum(t, m.Acct)
	for round := range 4 {
		r := fmt.Sprint(round)
		patchAtOnce(t, c, f.Base, "forum", []map[string]any{
			{"tone": "warm " + r}, {"niche": "invoicing " + r}, {"keywords_per_sweep": 5 + round}, {"sweep_enabled": round%2 == 0},
		})
		patchAtOnce(t, c, site+"/backlinks", "backlinks", []map[string]any{
			{"niche": "invoices " + r}, {"max_links_per_article": round % 3}, {"topic_tags": []string{"billing" + r, "invoices"}},
			{"opted_in": round%2 == 0},
		})
	}
}

// patchAtOnce sends the PATCHes of bodies to path together and fails t
// unless each answers 200 and the settings (object name of GET path's
// answer) then hold every field each sent.
func patchAtOnce(t *testing.T, c *testenv.Client, path, name string, bodies []map[string]any) {
	t.Helper()
	rs := testenv.AtOnce(len(bodies), func(i int) *testenv.Response { return c.Agent(t, "PATCH", path, bodies[i]) })
	for i, r := range rs {
		if r.Status != http.StatusOK {
			t.Errorf("PATCH %s %v sent with %d others of other fields: %d %s, want 200", path, bodies[i], len(bodies)-1, r.Status, r.Body)
		}
	}
	got := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)[name].(map[string]any)
	for _, b := range bodies {
		for k, v := range b {
			want, _ := json.Marshal(v)
			have, _ := json.Marshal(got[k])
			if string(have) != string(want) {
				t.Errorf("%s after the PATCHes: %s = %s, want %s", path, k, have, want)
			}
		}
	}
}
