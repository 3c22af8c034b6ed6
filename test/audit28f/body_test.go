package audit28f

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestLoneSurrogateEscapesAreRefused: spec 7, 400 bad_request: "body not
// valid JSON"; README, "Conventions", Errors: a body that "is not UTF-8
// ... answers 400 bad_request". Defect: a string escape naming half of a
// UTF-16 surrogate pair ("\ud800" without its other half) stands for no
// character at all, which UTF-8 cannot carry; the body was accepted and
// the half replaced, without a word, by U+FFFD, so POST /agent-keys with
// {"name": "\ud800Bot"} answered 201 with a key named "\ufffdBot" (and an
// account, a keyword or an article title would be stored likewise). Such a
// body is now refused as one that is not UTF-8 is, on every endpoint; a
// whole pair ("\ud83d\ude80", a rocket) is read as its character.
func TestLoneSurrogateEscapesAreRefused(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for _, body := range []string{
		`{"name": "\ud800Bot"}`, `{"name": "Bot\udc00"}`, `{"name": "Bot\ud800\u0041"}`, `{"name": "Bot", "operator": "\ud83d"}`,
		`{"name": "Bot", "x": {"y": ["\udfff"]}}`,
	} {
		r := a.Client.Agent(t, "POST", "/agent-keys", body)
		r.ExpectError(t, http.StatusBadRequest, "bad_request")
		if msg, _ := r.JSON(t)["error"].(string); !strings.Contains(msg, "UTF-8") {
			t.Errorf("%s: error %q does not say what is wrong", body, msg)
		}
	}
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", `{"name": "model rockets \udbff"}`).ExpectError(t, http.StatusBadRequest, "bad_request")
	env.Client().Agent(t, "POST", "/accounts", `{"email": "`+testenv.UniqueEmail("lone")+`", "site_url": "https://acme.com", "agent": {"name": "\ud800\ud800"}}`).
		ExpectError(t, http.StatusBadRequest, "bad_request")
	for _, k := range a.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).JSON(t)["agent_keys"].([]any) {
		if name := k.(map[string]any)["name"].(string); strings.ContainsRune(name, '\ufffd') {
			t.Errorf("a key named %q was created", name)
		}
	}
	// A whole pair is a character like any other.
	got := a.Client.Agent(t, "POST", "/agent-keys", `{"name": "Rocket \ud83d\ude80 bot"}`).Expect(t, http.StatusCreated).JSON(t)["agent_key"].(map[string]any)
	if got["name"] != "Rocket 🚀 bot" {
		t.Errorf("name %q, want %q", got["name"], "Rocket 🚀 bot")
	}
}

// TestDuplicateFieldNamesAreRefused: spec 7, 400 bad_request: "body not
// valid JSON"; RFC 8259 4: "The names within an object SHOULD be unique",
// and a receiver of one that repeats a name may read either value. Defect:
// a body naming a field twice was read at its last value without a word:
// POST /agent-keys with {"name": "Reader", "name": "Admin"} answered 201
// with a key named "Admin", and {"email": ..., "email": ...} on POST
// /accounts created the account for whichever came last, where an agent's
// own JSON library (or a proxy that checked the body) may read the first.
// Such a body is now refused with 400 bad_request naming the field, at any
// depth; the same name in two different objects is fine.
func TestDuplicateFieldNamesAreRefused(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for body, field := range map[string]string{
		`{"name": "Reader", "name": "Admin"}`:                   "name",
		`{"name": "Reader", "operator": "a", "operator": "a"}`:  "operator",
		`{"name": "Reader", "x": {"y": 1, "y": 2}}`:             "x.y",
		`{"name": "Reader", "x": [{"y": 1}, {"y": 2, "y": 3}]}`: "x[1].y",
		`{"name": "Reader", "n\u0061me": "Admin"}`:              "name",
	} {
		r := a.Client.Agent(t, "POST", "/agent-keys", body)
		r.ExpectError(t, http.StatusBadRequest, "bad_request")
		if msg, _ := r.JSON(t)["error"].(string); !strings.Contains(msg, `"`+field+`"`) {
			t.Errorf("%s: error %q does not name %q", body, msg, field)
		}
	}
	env.Client().Agent(t, "POST", "/accounts", `{"email": "`+testenv.UniqueEmail("one")+`", "email": "`+testenv.UniqueEmail("two")+`", "site_url": "https://acme.com", "agent": {"name": "Twice"}}`).
		ExpectError(t, http.StatusBadRequest, "bad_request")
	a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, `{"writing": {"tone": "Friendly", "tone": "Playful"}}`).ExpectError(t, http.StatusBadRequest, "bad_request")
	// One name in two objects, or a value that repeats, is no repeat.
	a.Client.Agent(t, "POST", "/agent-keys", `{"name": "Reader", "operator": "Reader", "x": {"name": "y"}, "z": [{"name": 1}, {"name": 2}]}`).Expect(t, http.StatusCreated)
}
