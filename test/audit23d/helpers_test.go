// Package audit23d holds black-box tests, over HTTP against a dev stack,
// of the OAuth 2.1 authorization server and of the authorization of the
// agent API and the MCP server (spec 5, the README's "OAuth, owner sign-in
// and app connections" and "MCP tools" sections, and the standards MCP
// clients rely on: RFC 6749, 7009, 7591, 7636, 8252, 8414, 8707, 9728 and
// the MCP authorization specification of 2025-06-18), with
// golang.org/x/oauth2 as the app. Each test shows a defect an audit found
// and that its fix holds, or pins a promise on that list no other test
// covered (a disconnect from the dashboard, a token of another service, an
// altered token). Each test starts its own stack with the background
// scheduler off.
package audit23d

import (
	"net/url"
	"testing"

	"rvcontent/test/testenv"
)

// tokenPost posts form to path (the token or revocation endpoint).
func tokenPost(t *testing.T, env *testenv.Env, path string, form url.Values, headers ...string) *testenv.Response {
	t.Helper()
	return env.Client().Do(t, "POST", path, form.Encode(), append([]string{"Content-Type: application/x-www-form-urlencoded"}, headers...)...)
}
