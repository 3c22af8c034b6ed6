// Package audit28s audits the push integrations black-box over HTTP
// against a dev stack: the connect link and its page, settings, syncs,
// disconnecting and the dashboard's integrations page, checked against
// the spec's integration endpoints and the README ("Push integrations").
package audit28s
