package audit26e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestEnumValuesAreTakenExactlyAsSent: README, "OpenAPI": both APIs have
// "an OpenAPI 3.1 document, generated from the endpoint catalog", whose
// limits are the service's (test/testenv's contract check: "A request the
// document refuses ... must not succeed"). The documents list the values
// of an article's status, an integration's default_status, the publish
// endpoint's destinations and a webhook's events as enums, which compare
// a value exactly. Defect: the service trimmed every string before it
// checked it, so " scheduled " was taken as scheduled and
// [" article.created "] as article.created, values a client generated
// from the document refuses to send and a validating proxy would refuse
// too: the document and the service disagreed. A value of such a field is
// now read exactly as sent (422 validation_failed on the field, as the
// document says), while free-text fields are still trimmed.
func TestEnumValuesAreTakenExactlyAsSent(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, testenv.TestCardOK)
	articles := "/sites/" + a.SiteID + "/articles"
	body := a.Client.Agent(t, "POST", articles, map[string]any{"title": "  Kettle care  ", "status": " scheduled "}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if !containsField(body, "status") || containsField(body, "title") {
		t.Errorf("refused, but not on status alone: %v", body)
	}
	art := a.Client.Agent(t, "POST", articles, map[string]any{"title": "  Kettle care  ", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	if art["title"] != "Kettle care" {
		t.Errorf("title %q, want it trimmed", art["title"])
	}
	path := articles + "/" + art["id"].(string)
	if b := a.Client.Agent(t, "PATCH", path, map[string]any{"status": "opportunity\n"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "status") {
		t.Errorf("PATCH refused, but not on status: %v", b)
	}
	if b := a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID+"/integrations/push_platform_1", map[string]any{"default_status": " draft"}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "default_status") {
		t.Errorf("integration PATCH refused, but not on default_status: %v", b)
	}
	if b := a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{" article.created "}}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "events[0]") {
		t.Errorf("webhook refused, but not on events[0]: %v", b)
	}
}

// TestListFilterValuesMayHaveSpacesAroundThem: README, Conventions: "A
// list filter (`status`, `kind`, `types`) takes comma-separated values and
// may also be repeated ... empty values are passed over"; test/e2e pins
// that ?types=a,%20b reads as a,b, as people write a list. Defect: the
// agent API's OpenAPI document gave the items of GET /jobs's kind and
// status, GET .../articles's status and the forum's and backlinks' status
// filters an enum, so it refused ?status=finished,%20scheduled, which the
// service answers as status=finished,scheduled: a client or proxy that
// validates against the document refused a request the service takes.
// The document now states such an item as one of the values with any
// spaces around it (a pattern, the values in its description), as the
// service reads it; an unknown value is still refused by both.
func TestListFilterValuesMayHaveSpacesAroundThem(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	a.Client.WaitJob(t, a.ScanJob)
	count := func(path, list string) int {
		t.Helper()
		items, _ := a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)[list].([]any)
		return len(items)
	}
	articles := "/sites/" + a.SiteID + "/articles"
	for _, status := range []string{"opportunity", "scheduled"} {
		a.Client.Agent(t, "POST", articles, map[string]any{"title": "Kettle care, " + status, "status": status}).Expect(t, http.StatusCreated)
	}
	if spaced, plain := count(articles+"?status=opportunity,%20scheduled%20", "articles"), count(articles+"?status=opportunity,scheduled", "articles"); spaced != plain || plain == 0 {
		t.Errorf("status with spaces lists %d articles, without %d", spaced, plain)
	}
	if n := count("/jobs?kind=research,%20site.scan&status=%20completed,failed%20", "jobs"); n != 1 {
		t.Errorf("kind and status with spaces list %d jobs, want the scan", n)
	}
	if b := a.Client.Agent(t, "GET", "/jobs?kind=site.scan,%20sweep", nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "kind") {
		t.Errorf("an unknown kind refused, but not on kind: %v", b)
	}
}

// TestMoreEnumsAreTakenExactlyAsSent: the same rule for the forum thread
// PATCH's status, the backlink settings' blocked_categories and the
// placements list's direction, which the agent API's OpenAPI document
// lists as enums. Defect: the service trimmed them, so " saved",
// [" adult"] and ?direction=%20hosted were taken while the document
// refuses them.
func TestMoreEnumsAreTakenExactlyAsSent(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	thread := "/sites/" + a.SiteID + "/forum/threads/00000000-0000-4000-8000-000000000001"
	if b := a.Client.Agent(t, "PATCH", thread, map[string]any{"status": " saved"}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "status") {
		t.Errorf("thread PATCH refused, but not on status: %v", b)
	}
	a.Client.Agent(t, "PATCH", thread, map[string]any{"status": "saved"}).ExpectError(t, http.StatusNotFound, "not_found")
	settings := "/sites/" + a.SiteID + "/backlinks"
	if b := a.Client.Agent(t, "PATCH", settings, map[string]any{"blocked_categories": []string{" adult"}}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "blocked_categories[0]") {
		t.Errorf("settings PATCH refused, but not on blocked_categories[0]: %v", b)
	}
	a.Client.Agent(t, "PATCH", settings, map[string]any{"blocked_categories": []string{"adult"}}).Expect(t, http.StatusOK)
	placements := "/sites/" + a.SiteID + "/backlinks/placements"
	if b := a.Client.Agent(t, "GET", placements+"?direction=%20hosted", nil).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed"); !containsField(b, "direction") {
		t.Errorf("placements refused, but not on direction: %v", b)
	}
	a.Client.Agent(t, "GET", placements+"?direction=hosted", nil).Expect(t, http.StatusOK)
}
