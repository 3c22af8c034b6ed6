package audit26e

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestTagLimitCountsTheTagsKept: README, Articles: POST
// /sites/{site_id}/articles takes "`tags` (≤10 of 1–40, duplicates
// dropped ignoring case, the first spelling kept)". The limit is on the
// tags an article has. Defect: the 10 was counted on the list as sent,
// before duplicates were dropped, so ten tags with one of them sent twice
// ("Kettles" and "kettles") answered 422 "must have at most 10 items",
// in POST and PATCH alike, although the article would have held ten. The
// list is now counted once duplicates are dropped: eleven items of which
// one repeats another are ten tags, and eleven different tags are still
// refused.
func TestTagLimitCountsTheTagsKept(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	ten := make([]string, 10)
	for i := range ten {
		ten[i] = fmt.Sprintf("Tag %d", i)
	}
	withRepeat := append(append([]string{}, ten...), "tag 3")
	created := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Kettle care", "tags": withRepeat}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	if tags, _ := created["tags"].([]any); len(tags) != 10 || tags[3] != "Tag 3" {
		t.Errorf("tags %v, want the ten distinct ones, first spelling kept", created["tags"])
	}
	path := "/sites/" + a.SiteID + "/articles/" + created["id"].(string)
	patched := a.Client.Agent(t, "PATCH", path, map[string]any{"tags": append([]string{"Kettles", "kettles", "KETTLES"}, ten[:9]...)}).
		Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if tags, _ := patched["tags"].([]any); len(tags) != 10 || tags[0] != "Kettles" {
		t.Errorf("tags %v after PATCH, want ten with Kettles first", patched["tags"])
	}
	eleven := append(append([]string{}, ten...), "Tag 10")
	body := a.Client.Agent(t, "PATCH", path, map[string]any{"tags": eleven}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if fmt.Sprint(body["details"]) == "" || !containsField(body, "tags") {
		t.Errorf("eleven different tags refused without naming tags: %v", body)
	}
}

// containsField reports whether a validation_failed body names field in
// its details.
func containsField(body map[string]any, field string) bool {
	details, _ := body["details"].([]any)
	for _, d := range details {
		if m, ok := d.(map[string]any); ok && m["field"] == field {
			return true
		}
	}
	return false
}
