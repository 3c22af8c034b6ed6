// Package audit23h holds black-box tests, over HTTP against a dev stack,
// of keywords, research runs and rank coverage (spec 2 Keyword, Research
// result and Rank, 4.6, 8, and the README's "Keywords, research and rank"):
// each one shows a defect an audit found and that its fix holds. Every
// request and answer also passes through testenv's OpenAPI contract check.
package audit23h

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestKeywordNameIsOneWhateverTheOrderOfItsAccents: README ("Keywords,
// research and rank"): a keyword name is "stored lowercase, with accents
// composed as Unicode NFC does (e + U+0301 is stored as é, so both
// spellings are one name); unique per site (any case: 409 conflict)".
// NFC puts a letter's marks in canonical order before composing, so the
// Vietnamese "ậ" typed as a + circumflex + dot below, or as â + dot
// below, is U+1EAD like the precomposed letter; and Greek ά with oxia
// (U+1F71) is ά with tonos (U+03AC). The service composed only marks that
// followed in the order NFC decomposes them, so it stored "hà nâ\u0323i"
// as a second keyword beside "hà nậi" and answered 201 instead of 409.
func TestKeywordNameIsOneWhateverTheOrderOfItsAccents(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://accents-audit23h.example.org/")
	path := "/sites/" + acct.SiteID + "/keywords"
	for _, c := range []struct{ first, stored string }{
		{"Ha\u0300 Na\u0302\u0323i", "h\u00e0 n\u1eadi"},
		{"\u1f71ρτος", "\u03acρτος"},
	} {
		k := acct.Client.Agent(t, "POST", path, map[string]any{"name": c.first}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
		if k["name"] != c.stored {
			t.Errorf("%+q stored as %+q, want %+q (NFC)", c.first, k["name"], c.stored)
		}
	}
	for _, dup := range []string{"h\u00e0 n\u1eadi", "ha\u0300 na\u0323\u0302i", "H\u00c0 N\u00c2\u0323I", "\u03b1\u0301ρτος"} {
		acct.Client.Agent(t, "POST", path, map[string]any{"name": dup}).ExpectError(t, http.StatusConflict, "conflict")
	}
}

// TestKeywordNameOfGreekCapitalsIsItsLowercase: README ("Keywords,
// research and rank"): a keyword name is "stored lowercase" and "unique per
// site (any case: 409 conflict)"; spec 2 Keyword: name is a "search
// phrase, lowercase". Greek writes a lowercase sigma that ends a word as ς
// (the Unicode Final_Sigma rule), so the lowercase of "ΚΑΦΕΣ ΦΙΛΤΡΟΥ" is
// "καφες φιλτρου". The service lowercased every Σ to σ: it stored
// "καφεσ φιλτρου", a spelling no Greek writes, and took "καφες φιλτρου"
// typed in lowercase for another keyword (201 instead of 409).
func TestKeywordNameOfGreekCapitalsIsItsLowercase(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://sigma-audit23h.example.org/")
	path := "/sites/" + acct.SiteID + "/keywords"
	k := acct.Client.Agent(t, "POST", path, map[string]any{"name": "ΚΑΦΕΣ ΦΙΛΤΡΟΥ ΣΤΟ ΣΠΙΤΙ"}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
	if want := "καφες φιλτρου στο σπιτι"; k["name"] != want {
		t.Fatalf("stored %q, want %q", k["name"], want)
	}
	for _, dup := range []string{"καφες φιλτρου στο σπιτι", "Καφες Φιλτρου Στο Σπιτι", "καφεσ φιλτρου στο σπιτι"} {
		acct.Client.Agent(t, "POST", path, map[string]any{"name": dup}).ExpectError(t, http.StatusConflict, "conflict")
	}
}
