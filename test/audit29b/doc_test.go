// Package audit29b audits billing and credits at scale and over time,
// black-box over HTTP against a dev stack: renewals reported late or out
// of order on accounts with a hundred Studio sites and more, months that
// pass before the processor reports a renewal, and the credits.reset each
// billing period records (spec 2 Billing, spec 3's billing and credit
// rows, spec 6 credits.reset and billing.*, README "Billing, credits and
// Studio sites").
package audit29b
