// Package audit27f audits the MCP and OAuth discovery and the article
// quality rules black-box over HTTP against a dev stack: the protected
// resource metadata a strict RFC 9728 client reads for the agent API, the
// resource parameter compared as URLs compare, what the consent page tells
// the owner an app will see, the score's reading of an article's intro,
// the autopilot's and generation's one rule of what counts as a body, and
// research's reading of the last completed scan while a rescan waits or
// after it failed.
package audit27f
