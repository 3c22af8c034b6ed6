// Package audit27m audits the ends of a Studio site change whose charge
// waits for the cardholder to authenticate it, black-box over HTTP on the
// dev stack's simulated processor (card 4000002500003155) and its clock:
// once the waiting change lapses, or once the subscription ends, the site
// it left pending must say the truth (an addition gone, a restore
// archived again) without waiting for another site change (spec 2 Site,
// 3, 4.5; README "Billing, credits and Studio sites").
package audit27m
