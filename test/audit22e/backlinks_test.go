package audit22e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// verifiedMember starts a stack and returns an account on the paid plan
// whose site's domain acme.com is verified by its DNS proof.
func verifiedMember(t *testing.T) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "https://acme.com")
	env.PaidPlan(t, acct)
	b := "/sites/" + acct.SiteID + "/backlinks"
	v := acct.Client.Agent(t, "POST", b+"/domain", map[string]any{"domain": "acme.com"}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	env.SetTXT(t, "_service.acme.com", "service-site-verification="+v["token"].(string))
	got := acct.Client.Agent(t, "POST", b+"/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if got["status"] != "verified" {
		t.Fatalf("verification: %v", got)
	}
	return env, acct
}

// TestAnchorsDifferIgnoringCaseAndSpaces: a target's anchors must be
// different "ignoring case and spaces" (README, and the OpenAPI
// document's "Different anchor texts (ignoring case and spaces)"), so
// "Burr Grinder" and "burrgrinder" are one text, refused with 422 on
// anchors, on create and on PATCH; nothing is stored. The service only
// collapsed runs of spaces, so it took both as different texts.
func TestAnchorsDifferIgnoringCaseAndSpaces(t *testing.T) {
	_, acct := verifiedMember(t)
	targets := "/sites/" + acct.SiteID + "/backlinks/targets"
	body := acct.Client.Agent(t, "POST", targets, map[string]any{"url": "https://acme.com/grinders", "anchors": []string{"Burr Grinder", "burrgrinder", "coffee mills"}}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if d, _ := body["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "anchors" {
		t.Fatalf("details = %v, want one problem on anchors", body["details"])
	}
	var list struct{ Targets []map[string]any }
	acct.Client.Agent(t, "GET", targets, nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 0 {
		t.Fatalf("a refused target was stored: %v", list.Targets)
	}

	created := acct.Client.Agent(t, "POST", targets, map[string]any{"url": "https://acme.com/grinders", "anchors": []string{"burr grinder", "coffee mills", "grinding beans"}}).
		Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)
	id := created["id"].(string)
	acct.Client.Agent(t, "PATCH", targets+"/"+id, map[string]any{"anchors": []string{"burr grinder", "Coffee Mills", "coffeemills"}}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	acct.Client.Agent(t, "GET", targets, nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 1 || len(list.Targets[0]["anchors"].([]any)) != 3 || list.Targets[0]["anchors"].([]any)[1] != "coffee mills" {
		t.Fatalf("targets after the refused PATCH: %v", list.Targets)
	}
}

// TestWellKnownFileWithAByteOrderMarkProvesTheDomain: the well-known
// proof is "the token as a line of https://<domain>/.well-known/
// service-verification" (README). A file saved by an editor that starts it
// with a UTF-8 byte order mark (Windows Notepad does) holds the token as
// its line all the same, and verifies the domain. The service compared
// the line with the mark in it, answered "does not hold the token" and
// showed the token as what it saw.
func TestWellKnownFileWithAByteOrderMarkProvesTheDomain(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "https://acme.com")
	env.PaidPlan(t, acct)
	b := "/sites/" + acct.SiteID + "/backlinks"
	token := acct.Client.Agent(t, "POST", b+"/domain", map[string]any{"domain": "acme.com"}).
		Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)["token"].(string)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/service-verification" {
			_, _ = w.Write([]byte("\ufeff" + token + "\r\n"))
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	env.SetHost(t, "acme.com", strings.TrimPrefix(srv.URL, "https://"))

	v := acct.Client.Agent(t, "POST", b+"/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if v["status"] != "verified" {
		t.Fatalf("verification after the well-known file: %v", v)
	}
	for _, c := range v["checks"].([]any) {
		if c := c.(map[string]any); c["method"] == "well_known" && (c["ok"] != true || c["seen"] != token) {
			t.Fatalf("well_known check %v, want ok, seeing the token", c)
		}
	}
}
