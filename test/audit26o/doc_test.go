// Package audit26o audits the push integrations and the autopilot
// black-box over HTTP against a dev stack: connecting, configuring,
// syncing and disconnecting the fixture push platform, what a sync
// reports, and the autopilot's settings, schedule maths and slots run with
// /_dev/clock and /_dev/run-scheduled.
package audit26o
