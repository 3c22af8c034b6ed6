package audit22i

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestLiveURLReportThatIsNotUTF8IsRefused: PATCH /api/public/v1/articles/
// {id} with a body whose published_url holds a byte that is not UTF-8
// ("https://acme.com/blog/sharp\xff") answers rule 1 of the public spec
// (4, PATCH: "Body missing, not JSON, ...: 400 with the message saying to
// send the article's live URL in published_url"), since text that is not
// UTF-8 is not JSON, and records nothing. The service answered 200 and
// recorded https://acme.com/blog/sharp\ufffd, a URL nobody sent (Go's
// decoder reads the byte as U+FFFD), moving updated_at. The agent API
// refuses such a body with 400 bad_request (README "Conventions").
func TestLiveURLReportThatIsNotUTF8IsRefused(t *testing.T) {
	env, r := startUnlimited(t)
	path := "/api/public/v1/articles/" + r.ArticleID
	cred := "Authorization: Bearer " + r.SiteKey
	_, _, before := raw(t, env.URL, "GET", path, nil, cred)

	status, _, b := raw(t, env.URL, "PATCH", path, []byte("{\"published_url\":\"https://acme.com/blog/sharp\xff\"}"), cred, "Content-Type: application/json")
	var e struct{ Error string }
	if err := json.Unmarshal(b, &e); err != nil || status != http.StatusBadRequest || !strings.Contains(e.Error, "published_url") {
		t.Errorf("PATCH with a URL that is not UTF-8: %d %s, want 400 with rule 1's message", status, b)
	}
	if _, _, after := raw(t, env.URL, "GET", path, nil, cred); string(after) != string(before) {
		t.Errorf("a refused report changed the article:\nbefore %s\nafter  %s", before, after)
	}

	// The same URL in UTF-8 is recorded: the refusal is the encoding's.
	status, _, b = raw(t, env.URL, "PATCH", path, []byte(`{"published_url":"https://acme.com/blog/sharp"}`), cred, "Content-Type: application/json")
	if status != http.StatusOK || !strings.Contains(string(b), `"published_url":"https://acme.com/blog/sharp"`) {
		t.Errorf("PATCH with the URL in UTF-8: %d %.300s, want 200 with it recorded", status, b)
	}
}
