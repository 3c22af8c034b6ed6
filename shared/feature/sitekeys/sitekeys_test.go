package sitekeys

import (
	"strings"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
)

func TestSecretForm(t *testing.T) {
	secret, hash := NewSecret()
	if len(secret) != Length || Length != 56 || !strings.HasPrefix(secret, "rv_live_") || !LooksLikeKey(secret) {
		t.Fatalf("secret %q", secret)
	}
	if hash != Hash(secret) || len(hash) != 64 || strings.Contains(hash, secret) {
		t.Fatalf("hash %q", hash)
	}
	if p := DisplayPrefix(secret); p != secret[:14]+"…" {
		t.Fatalf("prefix %q", p)
	}
	other, _ := NewSecret()
	if other == secret {
		t.Fatal("two keys alike")
	}
	for _, s := range []string{"", "rv_live_", "rv_agent_" + strings.Repeat("a", 48), "rv_live_" + strings.Repeat("A", 48), "rv_live_" + strings.Repeat("a", 47), " " + secret} {
		if LooksLikeKey(s) {
			t.Fatalf("%q looks like a key", s)
		}
	}
}

func TestIdle(t *testing.T) {
	created := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	used := created.Add(24 * time.Hour)
	usedAt := clock.Format(used)
	cases := []struct {
		name string
		last *string
		now  time.Time
		want bool
	}{
		{"new, never used", nil, created.Add(time.Hour), false},
		{"never used for 48 hours", nil, created.Add(IdleAfter), true},
		{"used a day ago", &usedAt, used.Add(24 * time.Hour), false},
		{"unused for 48 hours since", &usedAt, used.Add(IdleAfter), true},
	}
	for _, c := range cases {
		r := record{CreatedAt: clock.Format(created), LastUsedAt: c.last}
		if got := r.view(c.now).Idle; got != c.want {
			t.Fatalf("%s: idle = %v", c.name, got)
		}
	}
}
