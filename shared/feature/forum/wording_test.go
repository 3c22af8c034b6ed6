package forum

import (
	"strings"
	"testing"
)

// TestCheckWording pins the link and hype checks' counts written as a
// person reads them: "No links", "1 link", never "link(s)".
func TestCheckWording(t *testing.T) {
	cases := []struct {
		text    string
		max     int
		label   string
		detail  string
		failing bool
	}{
		{"No address here.", 0, "No links", "The reply has no links, as the settings require.", false},
		{"See https://acme.com.", 0, "No links", "The reply has 1 link but the settings allow none; remove it.", true},
		{"See https://acme.com and www.acme.com.", 0, "No links", "The reply has 2 links but the settings allow none; remove them.", true},
		{"See https://acme.com.", 1, "At most 1 link", "The reply has 1 link; the settings allow 1.", false},
		{"See https://acme.com and www.acme.com.", 1, "At most 1 link", "The reply has 2 links but the settings allow 1; remove the extra link.", true},
	}
	for _, c := range cases {
		got := linkCheck(complianceInput{Text: c.text, MaxLinks: c.max})
		if got.Label != c.label || got.Detail != c.detail || (got.State == CheckFail) != c.failing {
			t.Errorf("%q with %d allowed: %q / %q / %s, want %q / %q", c.text, c.max, got.Label, got.Detail, got.State, c.label, c.detail)
		}
	}
	if d := hypeCheck("Buy now!").Detail; d != "Remove the hype or hard-selling phrase: buy now." {
		t.Errorf("one phrase: %q", d)
	}
	if d := hypeCheck("Buy now! Best in class.").Detail; strings.Contains(d, "(s)") || !strings.HasPrefix(d, "Remove the hype or hard-selling phrases: ") {
		t.Errorf("two phrases: %q", d)
	}
}
