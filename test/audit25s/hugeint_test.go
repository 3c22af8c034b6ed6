package audit25s

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestWholeNumbersPastTheRangeAreOutOfRangeNotNotIntegers: an integer
// field sent a whole number far past its bounds (100000000000000000000,
// -1e20, 1e400) is told it must be between its bounds, not that it "must
// be an integer", which it is (spec 5: validation_failed with details
// saying what is wrong with the field); 1.5 still must be an integer.
func TestWholeNumbersPastTheRangeAreOutOfRangeNotNotIntegers(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://hugeint25s.example.com")
	path := "/sites/" + a.SiteID + "/keywords"
	for raw, want := range map[string]string{
		"100000000000000000000":  "must be between 0 and 1000000000",
		"-1e20":                  "must be between 0 and 1000000000",
		"1e400":                  "must be between 0 and 1000000000",
		"-9223372036854775809":   "must be between 0 and 1000000000",
		"18446744073709551616.0": "must be between 0 and 1000000000",
		"1.5":                    "must be an integer",
	} {
		body := `{"name":"sharpening stones","search_volume":` + raw + `}`
		res := a.Client.Agent(t, "POST", path, body)
		e := res.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := e["details"].([]any)
		if len(details) != 1 {
			t.Errorf("search_volume %s: details %v, want one", raw, details)
			continue
		}
		d, _ := details[0].(map[string]any)
		if d["field"] != "search_volume" || d["problem"] != want {
			t.Errorf("search_volume %s: detail %v, want search_volume %q", raw, d, want)
		}
	}
	var list struct{ Keywords []struct{ Name string } }
	a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &list)
	for _, k := range list.Keywords {
		if k.Name == "sharpening stones" {
			t.Errorf("a refused body added the keyword")
		}
	}
}
