package writing

import "testing"

// TestFailureSummaryReadsAsASentence: the activity entry of a failed
// writing names the article and counts credits in words, never a code or
// "credit(s)".
func TestFailureSummaryReadsAsASentence(t *testing.T) {
	for _, c := range []struct {
		title    string
		found    bool
		refunded int
		want     string
	}{
		{"Pans", true, 1, `Writing of "Pans" failed; 1 article credit refunded`},
		{"Pans", true, 2, `Writing of "Pans" failed; 2 article credits refunded`},
		{"Pans", true, 0, `Writing of "Pans" failed; no article credit was refunded (its billing period has ended)`},
		{"", false, 1, "Writing stopped: the article was deleted; 1 article credit refunded"},
	} {
		if got := failureSummary(c.title, c.found, c.refunded); got != c.want {
			t.Errorf("failureSummary(%q, %v, %d) = %q, want %q", c.title, c.found, c.refunded, got, c.want)
		}
	}
}
