// Package audit28i audits sites, site keys, domain verification and
// scans black-box over HTTP against a dev stack: every site field in each
// state (primary, Studio pending, active, archived, removal scheduled),
// PATCH and its validation, DELETE and restore, site keys and the public
// API, the backlink domain's proofs, scans of awkward websites, and the
// dashboard's site pages.
package audit28i
