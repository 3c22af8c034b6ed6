package pages

import (
	"net/url"
	"testing"
)

func TestReturnTo(t *testing.T) {
	base := "/dashboard/sites/s1"
	for _, c := range []struct {
		ret, at, want string
	}{
		{"/dashboard/sites/s1/research/j1", "idea-3", "/dashboard/sites/s1/research/j1#idea-3"},
		{"/dashboard/sites/s1/research/j1", "keyword-12", "/dashboard/sites/s1/research/j1#keyword-12"},
		{"/dashboard/sites/s1/research/j1", "", "/dashboard/sites/s1/research/j1"},
		{"/dashboard/sites/s1/research/j1", "x\"><script>", "/dashboard/sites/s1/research/j1"},
		{"/dashboard/sites/s1/research/j1", "idea-1#top", "/dashboard/sites/s1/research/j1"},
		{"/dashboard/sites/s1/research/j1?done=x", "idea-1", ""},
		{"/dashboard/sites/s1/research/j1#idea-2", "", ""},
		{"/dashboard/sites/s2/research/j1", "idea-1", ""},
		{"https://evil.example/dashboard/sites/s1/x", "idea-1", ""},
	} {
		if got := returnTo(url.Values{"return": {c.ret}, "at": {c.at}}, base); got != c.want {
			t.Errorf("returnTo(%q, at %q) = %q, want %q", c.ret, c.at, got, c.want)
		}
	}
}
