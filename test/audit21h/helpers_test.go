// Package audit21h holds black-box tests, over HTTP against a dev stack,
// of the OAuth authorization server (spec 5 and the README's OAuth
// section), with golang.org/x/oauth2 as the app: each one shows a defect an
// audit found and that its fix holds. Each test starts its own stack with
// the background scheduler off, so time moves only when the test says.
package audit21h

import (
	"testing"

	"rvcontent/test/testenv"
)

// connectionID returns the connection_id claim of an access token.
func connectionID(t *testing.T, jwt string) string {
	t.Helper()
	id, _ := testenv.JWTClaims(t, jwt)["connection_id"].(string)
	if id == "" {
		t.Fatalf("access token %q has no connection_id", jwt)
	}
	return id
}
