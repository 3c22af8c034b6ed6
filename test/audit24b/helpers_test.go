package audit24b

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// articles is the path of the account's primary site's articles.
func articles(acct *testenv.Account) string { return "/sites/" + acct.SiteID + "/articles" }

// wantInvalid fails unless r is 422 validation_failed with a details entry
// for field.
func wantInvalid(t *testing.T, what string, r *testenv.Response, field string) {
	t.Helper()
	body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	for _, d := range details {
		if m, ok := d.(map[string]any); ok && m["field"] == field {
			return
		}
	}
	t.Fatalf("%s: details %v name no %q", what, details, field)
}
