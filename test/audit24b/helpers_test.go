package audit24b

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// start starts a dev stack without a background scheduler and one account
// on it.
func start(t *testing.T) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	return env, env.NewAccount(t, "https://acme.com")
}

// articles is the path of the account's primary site's articles.
func articles(acct *testenv.Account) string { return "/sites/" + acct.SiteID + "/articles" }

// article returns the "article" object of an answer.
func article(t *testing.T, r *testenv.Response) map[string]any {
	t.Helper()
	a, ok := r.JSON(t)["article"].(map[string]any)
	if !ok {
		t.Fatalf("no article in %s", r.Body)
	}
	return a
}

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
