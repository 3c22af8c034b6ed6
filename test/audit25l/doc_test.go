// Package audit25l audits, black-box over HTTP against a dev stack, apps
// that connect through OAuth and agents that work through MCP with the
// client libraries a user would use: golang.org/x/oauth2 (authorization
// code with PKCE, refresh, token sources, revocation) and the official MCP
// Go SDK's client (spec 4.4 and 5, the README's "OAuth, owner sign-in and
// app connections" and "MCP tools" sections). Each test shows a defect the
// audit found and that its fix holds.
package audit25l
