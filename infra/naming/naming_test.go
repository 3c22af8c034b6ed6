package naming

import "testing"

// TestConstructID checks the names the CDK stack gives functions.
func TestConstructID(t *testing.T) {
	for in, want := range map[string]string{"payments-webhook": "PaymentsWebhook", "mcp": "Mcp", "oauth": "Oauth", "a_b": "AB"} {
		if got := ConstructID(in); got != want {
			t.Errorf("ConstructID(%q) = %q, want %q", in, got, want)
		}
	}
}
