package audit25s

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestTargetAnchorsOfTheWrongTypeGetOneProblem: anchors sent as something
// other than an array of strings (a string, a number, an object, an array
// of numbers, a list far too long) is one problem on anchors saying what
// is wrong, not that plus "must have 3 to 5 texts" about a list the
// service never read (spec 5: details is one {field, problem} per invalid
// field; spec 4.7: anchors is an array of 3 to 5 texts).
func TestTargetAnchorsOfTheWrongTypeGetOneProblem(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://anchors25s.example.com")
	env.PaidPlan(t, a)
	path := "/sites/" + a.SiteID + "/backlinks/targets"
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprintf("Anchor text %d", i)
	}
	for name, anchors := range map[string]any{
		"string": "Burr grinder", "number": 3, "object": map[string]any{"a": "Burr grinder"},
		"numbers": []int{1, 2, 3}, "101 texts": many,
	} {
		for _, method := range []string{"POST", "PATCH"} {
			p := path
			if method == "PATCH" {
				p += "/" + a.SiteID // no such target: the body is read first
			}
			res := a.Client.Agent(t, method, p, map[string]any{"url": "https://anchors25s.example.com/grinders", "anchors": anchors})
			body := res.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
			details, _ := body["details"].([]any)
			if len(details) != 1 {
				t.Errorf("%s anchors as %s: details %v, want one problem on anchors", method, name, details)
				continue
			}
			d, _ := details[0].(map[string]any)
			if d["field"] != "anchors" || d["problem"] == "must have 3 to 5 texts" {
				t.Errorf("%s anchors as %s: detail %v, want anchors saying what is wrong with the value sent", method, name, d)
			}
		}
	}
	var list struct{ Targets []any }
	a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 0 {
		t.Errorf("refused bodies created targets: %v", list.Targets)
	}
}
