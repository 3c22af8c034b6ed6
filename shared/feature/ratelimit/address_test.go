package ratelimit

import "testing"

func TestAddress(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":                 "203.0.113.7",
		"::ffff:203.0.113.7":          "203.0.113.7",
		"2001:db8:1:2::1":             "2001:db8:1:2::/64",
		"2001:db8:1:2:aaaa:bbbb:cc:d": "2001:db8:1:2::/64",
		"2001:0db8:0001:0002::ffff":   "2001:db8:1:2::/64",
		"fe80::1%eth0":                "fe80::/64",
		"::1":                         "::/64",
		"":                            "",
		"not an address":              "not an address",
	} {
		if got := Address(in); got != want {
			t.Errorf("Address(%q) = %q, want %q", in, got, want)
		}
	}
}
