package audit28d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestUnreadableSinceAfterAnotherBadParameter: README, "GET /articles.
// ... an unreadable `since` (one whose percent-encoding does not decode
// included) answers 400". Defect: only the first parameter that did not
// decode was looked at; when it was another one (`limit=%zz&since=%zz`, a
// plugin's hand-built query), the unreadable `since` was dropped as if none
// had been sent, and the answer was 200 with the list from its start and a
// cursor that had nothing to do with the one sent. Every `since` that does
// not decode now answers the 400, whatever comes before it.
func TestUnreadableSinceAfterAnotherBadParameter(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewKeyOwner(t, "https://acme.com", false)
	finished(t, o, "Kettle care", "# Kettle care\n\nDescale monthly.")
	for _, query := range []string{"since=%zz", "limit=%zz&since=%zz", "published=%E0%A4%A&since=2026-01-01T00:00:00%zzZ", "x=%&since=%ZZ&limit=5"} {
		resp := o.Public(t, "GET", "/articles?"+query, nil)
		if resp.Status != http.StatusBadRequest {
			t.Errorf("GET /articles?%s answered %d, want 400 for its since: %s", query, resp.Status, resp.Body)
			continue
		}
		if msg, _ := resp.JSON(t)["error"].(string); msg == "" {
			t.Errorf("GET /articles?%s: 400 without an error sentence: %s", query, resp.Body)
		}
	}
	// A since that reads, after another parameter that does not, still lists.
	if resp := o.Public(t, "GET", "/articles?limit=%zz&since=2026-01-01T00:00:00Z", nil); resp.Status != http.StatusOK {
		t.Errorf("a readable since after a limit that does not decode answered %d, want 200: %s", resp.Status, resp.Body)
	}
}
