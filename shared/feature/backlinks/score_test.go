package backlinks

import (
	"testing"
	"time"
)

func TestScores(t *testing.T) {
	cases := []struct {
		name                  string
		s                     Signals
		authority, tier, repu int
	}{
		{"unverified", Signals{Published: 9, LiveHosted: 4}, 0, 1, 0},
		{"new site", Signals{Verified: true, Published: 1}, 23, 1, 50},
		{"established", Signals{Verified: true, VerifiedFor: 30 * day, Published: 8, LiveHosted: 2, LiveInbound: 1}, 20 + 24 + 10 + 6 + 3, 2, 50 + 8 + 10},
		{"capped", Signals{Verified: true, VerifiedFor: 400 * day, Published: 50, LiveHosted: 20, LiveInbound: 20}, 100, 3, 100},
		{"bad host", Signals{Verified: true, LostHosted: 3, ClawedHosted: 1}, 20, 1, 0},
		{"partial week", Signals{Verified: true, VerifiedFor: 13*day + 23*time.Hour}, 24, 1, 52},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := Authority(c.s)
			if a != c.authority || Tier(a) != c.tier || Reputation(c.s) != c.repu {
				t.Fatalf("authority %d tier %d reputation %d, want %d %d %d", a, Tier(a), Reputation(c.s), c.authority, c.tier, c.repu)
			}
		})
	}
	if Tier(39) != 1 || Tier(40) != 2 || Tier(69) != 2 || Tier(70) != 3 {
		t.Fatal("tier boundaries")
	}
}
