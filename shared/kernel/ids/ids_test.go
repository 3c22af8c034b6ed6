package ids

import (
	"strings"
	"testing"
)

func TestIssued(t *testing.T) {
	for i := 0; i < 100; i++ {
		if a, b := New(), Sortable(); !Issued(a) || !Issued(b) {
			t.Fatalf("Issued(%q), Issued(%q) = false", a, b)
		}
	}
	for _, s := range []string{
		"", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5B", "0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B", "{0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b}",
		"0190a1b2c3d47e5f8a9b0c1d2e3f4a5b", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5bb",
		"0190a1b2_c3d4-7e5f-8a9b-0c1d2e3f4a5b", "push_platform_1", strings.Repeat("a", 1100),
	} {
		if Issued(s) {
			t.Errorf("Issued(%q) = true", s)
		}
	}
}
