package input

import (
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
