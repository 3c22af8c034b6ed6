// Package audit21b holds black-box tests, over HTTP against a dev stack,
// of the jobs, credits, activity and rank parts of the agent API: each
// one shows a defect an audit found and that its fix holds.
package audit21b

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// madeUpCursor encodes a cursor in the service's own cursor encoding
// (URL-safe base64 of a JSON object) that no list ever issued.
func madeUpCursor(json string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(json))
}

// TestJobsRefuseMadeUpCursors: a cursor the jobs list did not issue, even
// one in its own encoding that starts like a job's place in the list,
// answers 422 validation_failed on cursor (README: "a cursor the list did
// not issue (another list's, or made up) answers 422"); the list's own
// cursors keep working.
func TestJobsRefuseMadeUpCursors(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	acct.Client.WaitJob(t, acct.ScanJob)
	acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/research", map[string]any{"ideas": 0}).Expect(t, http.StatusAccepted)

	for _, c := range []string{
		`{"sk":"JOB#"}`,
		`{"sk":"JOB#zzzz"}`,
		`{"sk":"JOB#` + acct.ScanJob + `x"}`,
		`{"sk":"JOB#` + acct.ScanJob + `","list":"jobs"}`,
	} {
		r := acct.Client.Agent(t, "GET", "/jobs?cursor="+madeUpCursor(c), nil)
		body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := body["details"].([]any)
		if len(details) != 1 || details[0].(map[string]any)["field"] != "cursor" {
			t.Fatalf("cursor %s: details = %v", c, body["details"])
		}
	}

	// The list's own cursor still pages: two jobs, one a page.
	var first struct {
		Jobs       []map[string]any `json:"jobs"`
		NextCursor *string          `json:"next_cursor"`
	}
	acct.Client.Agent(t, "GET", "/jobs?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &first)
	if len(first.Jobs) != 1 || first.NextCursor == nil {
		t.Fatalf("first page = %+v", first)
	}
	var second struct {
		Jobs       []map[string]any `json:"jobs"`
		NextCursor *string          `json:"next_cursor"`
	}
	acct.Client.Agent(t, "GET", "/jobs?limit=1&cursor="+*first.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &second)
	if len(second.Jobs) != 1 || second.NextCursor != nil || second.Jobs[0]["id"] != acct.ScanJob {
		t.Fatalf("second page = %+v, want the scan job and no next cursor", second)
	}
}

// TestActivityRefusesAMadeUpCursor: a cursor in the activity log's own
// encoding that holds an issued place but was never issued as a whole (an
// extra key) answers 422 on cursor, like any cursor the list did not issue.
func TestActivityRefusesAMadeUpCursor(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/keywords", map[string]any{"name": "made up cursor"}).Expect(t, http.StatusCreated)
	var page struct {
		NextCursor *string `json:"next_cursor"`
	}
	acct.Client.Agent(t, "GET", "/activity?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &page)
	if page.NextCursor == nil {
		t.Fatal("no next_cursor after the first of two entries")
	}
	raw, err := base64.RawURLEncoding.DecodeString(*page.NextCursor)
	if err != nil {
		t.Fatalf("issued cursor %q: %v", *page.NextCursor, err)
	}
	var issued map[string]string
	if err := json.Unmarshal(raw, &issued); err != nil {
		t.Fatalf("issued cursor %s: %v", raw, err)
	}
	acct.Client.Agent(t, "GET", "/activity?limit=1&cursor="+*page.NextCursor, nil).Expect(t, http.StatusOK)
	issued["list"] = "activity"
	forged, _ := json.Marshal(issued)
	body := acct.Client.Agent(t, "GET", "/activity?cursor="+madeUpCursor(string(forged)), nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	if len(details) != 1 || details[0].(map[string]any)["field"] != "cursor" {
		t.Fatalf("details = %v", body["details"])
	}
}

// TestListsRefuseAnIssuedCursorWithAnExtraKey: every list paged by the
// table adapter's QueryPage (here keywords and articles) refuses one of
// its own cursors with a key added, as a cursor it did not issue; the
// cursor as issued still pages.
func TestListsRefuseAnIssuedCursorWithAnExtraKey(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	for i, name := range []string{"first keyword", "second keyword"} {
		c.Agent(t, "POST", "/sites/"+acct.SiteID+"/keywords", map[string]any{"name": name}).Expect(t, http.StatusCreated)
		c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": name, "keyword": name + string(rune('a'+i))}).Expect(t, http.StatusCreated)
	}
	for _, list := range []string{"/sites/" + acct.SiteID + "/keywords", "/sites/" + acct.SiteID + "/articles"} {
		var page struct {
			NextCursor *string `json:"next_cursor"`
		}
		c.Agent(t, "GET", list+"?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &page)
		if page.NextCursor == nil {
			t.Fatalf("%s: no next_cursor on a full first page", list)
		}
		c.Agent(t, "GET", list+"?limit=1&cursor="+*page.NextCursor, nil).Expect(t, http.StatusOK)
		raw, err := base64.RawURLEncoding.DecodeString(*page.NextCursor)
		if err != nil {
			t.Fatalf("%s: cursor %q is not the service's encoding: %v", list, *page.NextCursor, err)
		}
		var fields map[string]string
		if err := json.Unmarshal(raw, &fields); err != nil {
			t.Fatal(err)
		}
		fields["list"] = "other"
		extended, _ := json.Marshal(fields)
		body := c.Agent(t, "GET", list+"?limit=1&cursor="+madeUpCursor(string(extended)), nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if details, _ := body["details"].([]any); len(details) != 1 || details[0].(map[string]any)["field"] != "cursor" {
			t.Fatalf("%s: details = %v", list, body["details"])
		}
	}
}
