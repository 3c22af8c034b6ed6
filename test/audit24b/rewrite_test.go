package audit24b

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestRewriteThatTheBrandVoiceEmptiesIsRefusedNotAnOutage: README
// "Articles", "Rewrite-section": "422 when the passage is missing, not
// found or ambiguous ...; 503 `unavailable` when the model fails". When
// every sentence of the passage breaks a brand-voice rule ("Never say
// straight"), the writer leaves nothing of it, every time: the service
// answered 503 unavailable with Retry-After 60 and "Retry in a minute",
// which never helps. It now answers 422 on the field the passage was sent
// in, saying why, and leaves the body as it was; a passage the rule
// leaves something of is still rewritten.
func TestRewriteThatTheBrandVoiceEmptiesIsRefusedNotAnOutage(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{"writing": map[string]any{"brand_voice": "Never say straight"}}).Expect(t, http.StatusOK)
	body := "# Stable flight\n\nIntro.\n\n## Fins\n\nFins keep the rocket straight.\n\n## Weight\n\nA heavy nose keeps it straight.\n\nBalance it first.\n"
	a := c.Agent(t, "POST", articles(acct), map[string]any{"title": "Stable flight", "body_markdown": body}).Expect(t, http.StatusCreated).Article(t)
	path := articles(acct) + "/" + a["id"].(string)

	r := c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Fins"})
	if r.Status == http.StatusServiceUnavailable {
		t.Fatalf("a rewrite the brand voice empties answered 503, as if the model were down: %s", r.Body)
	}
	wantInvalid(t, "section", r, "section")
	if msg := string(r.Body); !strings.Contains(msg, "brand voice") {
		t.Errorf("the refusal does not say the brand voice is why: %s", msg)
	}
	wantInvalid(t, "text", c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"text": "Fins keep the rocket straight."}), "text")
	if got := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Article(t)["body_markdown"]; got != strings.TrimSpace(body) && got != body {
		t.Fatalf("the refused rewrite changed the body:\n%v", got)
	}

	rw := c.Agent(t, "POST", path+"/rewrite-section", map[string]any{"section": "Weight"}).Expect(t, http.StatusOK).JSON(t)["rewrite"].(map[string]any)
	if after, _ := rw["after"].(string); strings.Contains(after, "straight") || !strings.Contains(after, "Balance it first.") {
		t.Fatalf("rewrite of a passage the rule leaves something of: %q", after)
	}
}
