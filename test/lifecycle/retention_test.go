package lifecycle_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestActivityKeptAYear: spec 4.4 and 8: the activity log is kept 365
// days. An entry younger than that is listed; once it is older, it is not
// (whether or not the table's TTL has removed the item yet).
func TestActivityKeptAYear(t *testing.T) {
	env := testenv.Start(t)
	a := env.NewAccount(t, "")
	first := a.Client.Activity(t)
	created := ""
	for _, e := range first {
		if e.Action == "account.created" {
			created = e.ID
		}
	}
	if created == "" {
		t.Fatalf("no account.created entry: %+v", first)
	}
	has := func() bool {
		for _, e := range a.Client.Activity(t) {
			if e.ID == created {
				return true
			}
		}
		return false
	}
	env.Advance(t, 364*24*3600)
	if !has() {
		t.Fatal("an entry 364 days old is not listed")
	}
	env.Advance(t, 2*24*3600)
	if has() {
		t.Fatal("an entry 366 days old is still listed")
	}
	a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}
