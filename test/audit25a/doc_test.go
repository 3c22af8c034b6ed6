// Package audit25a audits the service as AWS runs it: each function behind
// API Gateway's HTTP API (payload format 2.0: headers lower-cased and a
// repeated or listed header's values joined by commas, cookies in their
// own array, base64 bodies, the raw query string), the SQS consumers with
// their partial batch failures, the EventBridge schedule and the payments
// webhook. Tests talk to a dev stack over HTTP (every request there takes
// the production adapter path) or hand a function the event API Gateway
// would send.
package audit25a
