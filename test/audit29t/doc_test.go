// Package audit29t audits the sentences people and agents read in error
// answers black-box over HTTP against a dev stack: the MCP server's
// JSON-RPC errors, the agent API's conflicts and the OAuth registration
// endpoint's error_description. Each must be a sentence a person
// understands (a capital, a full stop, no names of the SDK's or the
// service's insides) and, where there is one, say the way forward.
package audit29t
