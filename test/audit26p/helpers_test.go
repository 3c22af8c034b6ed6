package audit26p

import (
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/mcpclient"
)

// session opens an MCP client session to env with credential token and
// closes it when t ends.
func session(t *testing.T, env *testenv.Env, token string) *sdk.ClientSession {
	t.Helper()
	return mcpclient.Session(t, env, "audit26p", token)
}
