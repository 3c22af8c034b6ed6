// Package audit27g audits, black-box over HTTP against a dev stack, the
// billing transitions that change every Studio site of an account at once
// (spec 3's site and billing transitions, 6's site.* events; the README's
// "Billing, credits and Studio sites"): an agency account runs tens of
// Studio sites, and no spec limit bounds them, while one DynamoDB
// transaction takes at most 100 writes. Each test drives an account with
// more Studio sites than one transaction could change.
package audit27g
