// Package audit29g audits the owner's dashboard on a site where the
// backlink exchange and forum presence are closed, black-box over HTTP
// against a dev stack (spec 4.6 and 4.7's paid-plan changes, spec 7's 402
// codes; README "Backlink exchange", "Forum presence", "Owner
// dashboard"): on an archived Studio site, on an account without the paid
// plan, or on the paid plan with the domain not verified, a page offers
// only the forms and buttons the API accepts there, and says why the
// others are missing.
package audit29g
