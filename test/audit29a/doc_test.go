// Package audit29a audits the dev stack's harness contract
// (shared/DEV_HARNESS.md, sentence by sentence, and README "The dev
// stack") black-box over HTTP against a dev stack: the /_dev endpoints'
// shapes and their answers to bad input (the API's error format, never a
// 5xx). Each test pins a defect the earlier audits missed.
package audit29a
