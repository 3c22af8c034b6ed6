// Package audit28f audits accounts, agent keys and the activity log, and
// the conventions, errors and limits of spec 4.1, 7 and 8 across every
// endpoint, black-box over HTTP against a dev stack: what every answer
// carries, how request bodies are read, and what the agent-key list tells
// the credential that reads it.
package audit28f
