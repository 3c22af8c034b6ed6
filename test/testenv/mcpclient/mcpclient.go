// Package mcpclient opens sessions of the official MCP Go SDK's client to
// a dev stack's MCP server, as an agent connects: Streamable HTTP at
// {base_url}/mcp with its credential as a Bearer token. It is apart from
// testenv so that only the tests that speak MCP link the SDK's client.
package mcpclient

import (
	"context"
	"net/http"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
)

// bearer sends a Bearer credential with every request (none when token is
// empty).
type bearer struct{ token string }

// RoundTrip adds the credential to a copy of r and sends it.
func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// Connect opens a session of a client named name to env's MCP server with
// credential token, closed when t ends; the error is the SDK's when the
// server refuses it.
func Connect(t testing.TB, env *testenv.Env, name, token string) (*sdk.ClientSession, error) {
	t.Helper()
	client := sdk.NewClient(&sdk.Implementation{Name: name, Version: "1.0.0"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.StreamableClientTransport{
		Endpoint:   env.URL + "/mcp",
		HTTPClient: &http.Client{Transport: bearer{token}},
		MaxRetries: -1,
	}, nil)
	if err == nil {
		t.Cleanup(func() { _ = cs.Close() })
	}
	return cs, err
}

// Session is Connect for a credential that must work: it fails t otherwise.
func Session(t testing.TB, env *testenv.Env, name, token string) *sdk.ClientSession {
	t.Helper()
	cs, err := Connect(t, env, name, token)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	return cs
}
