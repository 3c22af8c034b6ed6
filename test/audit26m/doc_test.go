// Package audit26m audits the public articles API (public-articles-api.md)
// black-box over HTTP as a CMS plugin uses it, with site keys made through
// the agent API: every endpoint, parameter, field, status, error body and
// header, the limits, paging, live-URL reports and what a plugin sees
// while articles change.
package audit26m
