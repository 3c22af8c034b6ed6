// Package audit27c audits Studio sites and the subscription's life black-box
// over HTTP against a dev stack (spec 2 Site and Billing, 3's site and
// billing transitions, 4.5, 4.9, 6's site.* and billing.* events; the
// README's "Billing, credits and Studio sites" and the owner's overview
// and Billing pages): what a cancelled subscription does to its Studio
// sites, and what the dashboard says about an archived one.
package audit27c
