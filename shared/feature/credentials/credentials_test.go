package credentials

import (
	"regexp"
	"strings"
	"testing"
)

func TestNewSecretForm(t *testing.T) {
	form := regexp.MustCompile(`^rv_agent_[0-9a-f]{48}$`)
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		secret, hash := NewSecret()
		if !form.MatchString(secret) || len(secret) != 57 {
			t.Fatalf("secret %q has the wrong form", secret)
		}
		if hash != Hash(secret) || len(hash) != 64 || strings.Contains(hash, secret) {
			t.Fatalf("hash %q is not the SHA-256 hex of the secret", hash)
		}
		if seen[secret] {
			t.Fatal("secret repeated")
		}
		seen[secret] = true
	}
}

func TestDisplayPrefix(t *testing.T) {
	secret := "rv_agent_0123456789abcdef0123456789abcdef0123456789abcdef"
	if got := DisplayPrefix(secret); got != "rv_agent_012345…" {
		t.Fatalf("DisplayPrefix = %q", got)
	}
	if n := len([]rune(DisplayPrefix(secret))); n != 16 {
		t.Fatalf("prefix has %d characters, want 15 plus the ellipsis", n)
	}
}

func TestLooksLikeKey(t *testing.T) {
	hex48 := strings.Repeat("0a", 24)
	cases := []struct {
		in string
		ok bool
	}{
		{"rv_agent_" + hex48, true},
		{"rv_agent_" + strings.ToUpper(hex48), false},
		{"rv_agent_" + hex48[:47], false},
		{"rv_agent_" + hex48 + "0", false},
		{"rv_live_" + hex48, false},
		{"Bearer rv_agent_" + hex48, false},
		{"", false},
		{"rv_agent_" + hex48[:46] + "zz", false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := LooksLikeKey(c.in); got != c.ok {
				t.Fatalf("LooksLikeKey(%q) = %v", c.in, got)
			}
		})
	}
}
