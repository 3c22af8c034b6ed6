package input

import (
	"runtime"
	"strings"
	"testing"

	"rvcontent/shared/kernel/apperr"
)

// TestAmbiguousBodies: a body with half a surrogate pair escaped, or an
// object that names a field twice (at any depth), is refused with
// bad_request naming what is wrong; whole pairs, escaped backslashes and
// one name in two objects are read as sent.
func TestAmbiguousBodies(t *testing.T) {
	for body, want := range map[string]string{
		`{"a": "\ud800"}`:                            "surrogate",
		`{"a": "x\udc00y"}`:                          "surrogate",
		`{"a": "\ud800\u0041"}`:                      "surrogate",
		`{"a": "\ud800\\udc00"}`:                     "surrogate",
		`{"a": ["\uDBFF"]}`:                          "surrogate",
		`{"a": 1, "a": 2}`:                           `"a"`,
		`{"a": {"b": 1, "b": 1}}`:                    `"a.b"`,
		`{"a": [{}, {"b": 1, "b": 2}]}`:              `"a[1].b"`,
		`{"a": 1, "\u0061": 2}`:                      `"a"`,
		`{"a": "\ud83d\ude80"}`:                      "",
		`{"a": "\\ud800"}`:                           "",
		`{"a": "\\\ud83d\ude80"}`:                    "",
		`{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}`: "",
		`{"a": "\u00e9\uFFFD"}`:                      "",
	} {
		_, err := Parse([]byte(body))
		switch {
		case want == "" && err != nil:
			t.Errorf("%s refused: %v", body, err)
		case want != "" && (!apperr.Is(err, apperr.BadRequest) || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: err %v, want bad_request about %s", body, err, want)
		}
	}
}

// TestDeepBodyCostsItsLength: judging a body under the 1 MB limit costs
// about its length, however deep it nests. A body nested 9,900 levels
// deep with a 96-letter field name at each level (valid JSON that names
// no field twice) made the check write every field's whole dotted name,
// copying some 5 GB (seconds of CPU, for requests that need no
// credential: POST /accounts, POST /oauth/register); the name is now
// written only for the field found repeated. What the check allocates is
// bounded here, not how long it takes.
func TestDeepBodyCostsItsLength(t *testing.T) {
	const depth = 9900
	key := `{"` + strings.Repeat("a", 96) + `":`
	body := []byte(strings.Repeat(key, depth) + "1" + strings.Repeat("}", depth))
	if len(body) > 1<<20 {
		t.Fatalf("the body is %d bytes, over the 1 MB limit", len(body))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := unambiguous(body); err != nil {
		t.Fatalf("a body naming no field twice refused: %v", err)
	}
	runtime.ReadMemStats(&after)
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(64<<20); got > most {
		t.Fatalf("judging a %d-byte body allocated %d MB, want at most %d MB", len(body), got>>20, most>>20)
	}
}
