package routes

import (
	"strings"
	"testing"
)

// TestEveryParamHasAKind keeps the parameter table complete: a route added
// with a new path parameter fails here until its kind is declared.
func TestEveryParamHasAKind(t *testing.T) {
	for _, r := range Table {
		for _, name := range r.Params() {
			if _, ok := ParamNamed(name); !ok && r.Checked() {
				t.Errorf("%s: path parameter {%s} has no kind in params", r.Key(), name)
			}
		}
	}
}

func TestParamKinds(t *testing.T) {
	cases := []struct {
		kind ParamKind
		v    string
		ok   bool
	}{
		{IDParam, "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", true},
		{IDParam, "0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B", false},
		{IDParam, strings.Repeat("x", 1100), false},
		{IDParam, "", false},
		{IntegrationParam, "push_platform_1", true},
		{IntegrationParam, "push_platform_2", true},
		{IntegrationParam, "push_platform_3", false},
		{TokenParam, "aGVsbG8.c2ln_-", true},
		{TokenParam, strings.Repeat("a", MaxToken), true},
		{TokenParam, strings.Repeat("a", MaxToken+1), false},
		{TokenParam, "a b", false},
		{TokenParam, "", false},
	}
	for _, c := range cases {
		if got := c.kind.Valid(c.v); got != c.ok {
			t.Errorf("kind %d Valid(%.40q) = %v, want %v", c.kind, c.v, got, c.ok)
		}
	}
}
