package audit22h

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// postKeyword creates a keyword on acct's site and returns the answer.
func postKeyword(t *testing.T, acct *testenv.Account, body map[string]any) *testenv.Response {
	t.Helper()
	return acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/keywords", body)
}

// TestKeywordRulesOfTheReadme: POST /sites/{site_id}/keywords as the
// README's "Keywords, research and rank" states it: the name is trimmed,
// collapsed, lowercased and NFC-composed, and its 2–200 limit counts that
// stored form; a duplicate in any case or spelling answers 409 conflict;
// intent and trend match ignoring case and come back in the spec's
// spelling; trend defaults to Steady, search_volume to 0 and takes at most
// 1,000,000,000; an empty tag is null; traffic_estimate is search_volume ×
// the intent's click share; lists sort by search_volume descending, then
// name.
func TestKeywordRulesOfTheReadme(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://keywords-audit22h.example.org/")

	k := postKeyword(t, acct, map[string]any{"name": "  Best   CRM  ", "tag": ""}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
	if k["name"] != "best crm" || k["trend"] != "Steady" || k["search_volume"] != float64(0) || k["tag"] != nil || k["source"] != "library" || k["intent"] != nil {
		t.Fatalf("keyword %v", k)
	}
	for _, dup := range []string{"BEST crm", "best\u00a0crm"} {
		e := postKeyword(t, acct, map[string]any{"name": dup}).ExpectError(t, http.StatusConflict, "conflict")
		if e["error"] == "" {
			t.Fatalf("409 without a sentence: %v", e)
		}
	}
	postKeyword(t, acct, map[string]any{"name": "cafe\u0301 tools"}).Expect(t, http.StatusCreated)
	postKeyword(t, acct, map[string]any{"name": "caf\u00e9 tools"}).ExpectError(t, http.StatusConflict, "conflict")

	// The 200-character limit counts the stored form.
	long := strings.Repeat("a", 100) + "     " + strings.Repeat("b", 99)
	k = postKeyword(t, acct, map[string]any{"name": long}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
	if n := len(k["name"].(string)); n != 200 {
		t.Fatalf("stored name of %d characters", n)
	}
	accents := strings.Repeat("e\u0301", 200)
	postKeyword(t, acct, map[string]any{"name": accents}).Expect(t, http.StatusCreated)
	e := postKeyword(t, acct, map[string]any{"name": strings.Repeat("c", 201)}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if e["details"] == nil {
		t.Fatalf("422 without details: %v", e)
	}
	postKeyword(t, acct, map[string]any{"name": "x"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")

	shares := map[string]float64{"informational": 300, "COMMERCIAL": 200, "Transactional": 150, "navigational": 50, "": 200}
	for intent, want := range shares {
		body := map[string]any{"name": "share " + strings.ToLower(intent) + " x", "search_volume": 1000, "trend": "rising"}
		if intent != "" {
			body["intent"] = intent
		}
		k := postKeyword(t, acct, body).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
		if k["traffic_estimate"] != want || k["trend"] != "Rising" {
			t.Fatalf("intent %q: %v, want traffic_estimate %v", intent, k, want)
		}
		if intent != "" && k["intent"] != strings.ToUpper(intent[:1])+strings.ToLower(intent[1:]) {
			t.Fatalf("intent %q stored as %v", intent, k["intent"])
		}
	}
	postKeyword(t, acct, map[string]any{"name": "huge volume", "search_volume": 1_000_000_000}).Expect(t, http.StatusCreated)
	postKeyword(t, acct, map[string]any{"name": "too huge volume", "search_volume": 1_000_000_001}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	postKeyword(t, acct, map[string]any{"name": "bad intent", "intent": "Curious"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	postKeyword(t, acct, map[string]any{"name": "bad trend", "trend": "Up"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")

	for tag, want := range map[string]any{"   ": nil, strings.Repeat("t", 40): strings.Repeat("t", 40)} {
		k := postKeyword(t, acct, map[string]any{"name": "tagged " + strings.Repeat("x", len(tag)), "tag": tag}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
		if k["tag"] != want {
			t.Fatalf("tag %q stored as %v", tag, k["tag"])
		}
	}
	postKeyword(t, acct, map[string]any{"name": "long tag", "tag": strings.Repeat("t", 41)}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")

	// Deleting a keyword leaves its articles alone.
	kw := postKeyword(t, acct, map[string]any{"name": "doomed keyword"}).Expect(t, http.StatusCreated).JSON(t)["keyword"].(map[string]any)
	art := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "Doomed", "keyword": "doomed keyword"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	del := acct.Client.Agent(t, "DELETE", "/sites/"+acct.SiteID+"/keywords/"+kw["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)
	if del["deleted"] != true || del["id"] != kw["id"] {
		t.Fatalf("delete answer %v", del)
	}
	got := acct.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/"+art["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if got["keyword"] != "doomed keyword" {
		t.Fatalf("article after its keyword was deleted: %v", got)
	}
	acct.Client.Agent(t, "DELETE", "/sites/"+acct.SiteID+"/keywords/"+kw["id"].(string), nil).ExpectError(t, http.StatusNotFound, "not_found")

	var list struct {
		Keywords []map[string]any `json:"keywords"`
	}
	acct.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/keywords?source=library&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	for i := 1; i < len(list.Keywords); i++ {
		a, b := list.Keywords[i-1], list.Keywords[i]
		va, vb := a["search_volume"].(float64), b["search_volume"].(float64)
		if va < vb || (va == vb && a["name"].(string) > b["name"].(string)) {
			t.Fatalf("list order: %v before %v", a["name"], b["name"])
		}
	}
	if list.Keywords[0]["name"] != "huge volume" {
		t.Fatalf("first keyword %v", list.Keywords[0]["name"])
	}
}
