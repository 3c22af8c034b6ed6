// Package audit25q audits sites and Studio sites (spec 2 Site and Studio
// quote, spec 3's Site rows, spec 4.5, the site.* events of spec 6, spec 8's
// Studio allowances and the quote's 30-minute proration lock), the
// README's notes on Studio sites and billing, and the dashboard's billing
// and site pages for Studio, black-box over HTTP against a dev stack whose
// clock and simulated payment processor the tests drive.
package audit25q
