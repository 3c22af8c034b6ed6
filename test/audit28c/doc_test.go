// Package audit28c audits billing, credits and Studio sites black-box over
// HTTP against a dev stack (spec 2 Billing and Studio quote, 3's billing
// and site transitions, 4.9, the billing and site events of 6; README
// "Billing, credits and Studio sites"): what GET /billing, GET
// /sites/{site_id}/credits and the sites show in each state of the
// subscription, including the moments between a period's end and the
// processor's report of its renewal, and Studio site changes whose
// payment is still in flight when the subscription changes.
package audit28c
