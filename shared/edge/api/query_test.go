package api

import "testing"

func TestQueryProblem(t *testing.T) {
	for raw, want := range map[string]string{
		"since=%zz&limit=2":   "since",
		"limit=2&since=%zz":   "since",
		"sin%zzce=1":          "sin%zzce",
		"limit=2;cursor=x":    "limit",
		"types=a%2Cb&since=%": "since",
	} {
		p, bad := QueryProblem(raw)
		if !bad || p.Field != want {
			t.Errorf("QueryProblem(%q) = %+v, %v; want a problem on %s", raw, p, bad, want)
		}
	}
	for _, raw := range []string{"", "since=2026-01-01T00:00:00Z&limit=2", "types=a,b&q=%E2%9C%93", "a=&b", "x=1+2"} {
		if p, bad := QueryProblem(raw); bad {
			t.Errorf("QueryProblem(%q) = %+v, want none", raw, p)
		}
	}
}
