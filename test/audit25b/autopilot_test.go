package audit25b

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestAutopilotPatchesOfDifferentFieldsAtOnce: spec 4.1, "PATCH changes
// only the fields sent"; README, autopilot: "PATCH: enabled boolean;
// weekly_cadence 1–14; days ...; time_of_day ..." and the MCP tool's "only
// the fields sent change". Defect: two PATCHes of the autopilot sent at the
// same moment (the owner's autopilot page and an agent), each changing
// another field, often answered one of them 409 "The autopilot settings
// changed at the same moment" although they did not conflict, where the
// site, forum, backlink and integration settings apply both. Both now
// land: each answers 200 and the settings hold both fields.
func TestAutopilotPatchesOfDifferentFieldsAtOnce(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, testenv.TestCardOK)
	path := "/sites/" + a.SiteID + "/autopilot"
	for round := range 12 {
		cadence, at := round%14+1, fmt.Sprintf("%02d:30", round+1)
		rs := testenv.AtOnce(3, func(i int) *testenv.Response {
			body := []map[string]any{{"weekly_cadence": cadence}, {"time_of_day": at}, {"enabled": round%2 == 0}}[i]
			return a.Client.Agent(t, "PATCH", path, body)
		})
		for i, r := range rs {
			if r.Status != http.StatusOK {
				t.Errorf("round %d: PATCH %d answered %d, want 200: %s", round, i, r.Status, r.Body)
			}
		}
		ap := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any)
		if ap["weekly_cadence"] != float64(cadence) || ap["time_of_day"] != at || ap["enabled"] != (round%2 == 0) {
			t.Errorf("round %d: autopilot %v, want weekly_cadence %d, time_of_day %s, enabled %v", round, ap, cadence, at, round%2 == 0)
		}
	}
}
