// Package audit28k audits the MCP server at {base_url}/mcp and the OAuth
// endpoints black-box over HTTP against a dev stack (spec 5; README "MCP
// tools" and "OAuth, owner sign-in and app connections"): JSON-RPC
// messages that a reader could take otherwise than as sent (a member
// named twice in the envelope, the params or a tool's arguments; client
// metadata with a field named twice or half a surrogate pair) and
// parameters nested deeper than the server reads, each answered in the
// client's terms rather than run at one reading or refused as something
// it is not.
package audit28k
