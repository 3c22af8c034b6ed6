package oauthserver

import "rvcontent/shared/edge/api"

// machineCORS lets browser-based clients (an MCP inspector in a web page,
// a single-page app) call the machine endpoints: registration, token and
// revocation. They take no cookies, only what the request carries, so any
// origin may call them.
var machineCORS = api.CORS{Methods: "GET, POST, OPTIONS", Headers: "Authorization, Content-Type, MCP-Protocol-Version"}
