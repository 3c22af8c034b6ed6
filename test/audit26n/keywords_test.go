package audit26n

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestKeywordNamesOfInvisibleCharacters: spec 4.6, POST
// /sites/{site_id}/keywords "name (required, 2 to 200, stored lowercase)
// ... Duplicate name on the site: 409 conflict"; README, Keywords: "name
// is trimmed, inner whitespace collapsed ... unique per site". Defect: a
// name made of invisible format characters (zero-width spaces, soft
// hyphens) was stored as a keyword that reads as nothing, and "ab" after a
// byte-order mark or with a zero-width space inside was stored beside "ab"
// as a second keyword that reads exactly like it. Those characters (U+200B,
// U+2060, U+FEFF, U+00AD) are now dropped from keyword names like
// surrounding spaces: an invisible name answers 422 on name, the
// look-alike answers 409, and an invisible tag is empty (null).
func TestKeywordNamesOfInvisibleCharacters(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	path := "/sites/" + a.SiteID + "/keywords"
	for _, name := range []string{"\u200b\u200b", "\u00ad\u00ad\u00ad", "\ufeff\u2060"} {
		a.Client.Agent(t, "POST", path, map[string]any{"name": name}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	}
	a.Client.Agent(t, "POST", path, map[string]any{"name": "tea pots"}).Expect(t, http.StatusCreated)
	for _, name := range []string{"\ufefftea pots", "tea\u200b pots", "te\u00ada pots"} {
		r := a.Client.Agent(t, "POST", path, map[string]any{"name": name})
		if r.Status != http.StatusConflict {
			t.Errorf("POST keyword %q answered %d, want 409 (the site has \"tea pots\"): %s", name, r.Status, r.Body)
		}
	}
	kws := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["keywords"].([]any)
	if len(kws) != 1 || kws[0].(map[string]any)["name"] != "tea pots" {
		t.Errorf("keywords %v, want only \"tea pots\"", kws)
	}
	// An invisible tag is an empty one, which becomes null.
	kw := a.Client.Agent(t, "POST", path, map[string]any{"name": "kettles", "tag": "\u200b "}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
	if kw["tag"] != nil {
		t.Errorf("tag %q, want null", kw["tag"])
	}
}

// TestResearchSeedOfInvisibleCharacters: spec 4.6, research "seed ... topic
// to research around"; README, Research input: "A site with nothing usable
// gets empty lists rather than invented ones", and Research result: seed is
// "the topic the run researched around, as sent (trimmed), or null without
// one". Defect: a seed of zero-width spaces was researched as a topic: the
// result named it as the seed and listed keywords that read " guide",
// " tips" and ideas titled ": a practical guide". Such a seed is now no
// topic: seed is null and no keyword or idea carries it.
func TestResearchSeedOfInvisibleCharacters(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	r := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", map[string]any{"seed": "\u200b\u200b", "ideas": 5}).Expect(t, http.StatusAccepted)
	job := a.Client.WaitJob(t, r.JSON(t)["job"].(map[string]any)["id"].(string))
	res, _ := job["result"].(map[string]any)
	if res == nil {
		t.Fatalf("research job %v ended without a result", job["status"])
	}
	if res["seed"] != nil {
		t.Errorf("result seed %q, want null", res["seed"])
	}
	for _, k := range res["keywords"].([]any) {
		if n := k.(map[string]any)["name"].(string); strings.ContainsAny(n, "\u200b\ufeff\u00ad\u2060") {
			t.Errorf("keyword %q holds an invisible character", n)
		}
	}
	for _, i := range res["ideas"].([]any) {
		idea := i.(map[string]any)
		if s := idea["title"].(string) + idea["keyword"].(string); strings.ContainsAny(s, "\u200b\ufeff\u00ad\u2060") {
			t.Errorf("idea %q (keyword %q) holds an invisible character", idea["title"], idea["keyword"])
		}
	}
}
