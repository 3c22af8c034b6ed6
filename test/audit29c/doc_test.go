// Package audit29c audits sites, site keys and domain verification
// black-box over HTTP against a dev stack (spec 2's Site and Backlink
// overview, spec 3's site rows, spec 4.5 and 4.7, the site key endpoints
// of 4.2; README "Sites and scans", "Site keys and the public articles
// API", "Backlink exchange"): what the API accepts on a site in each state
// (pending, active, archived), and what the site's dashboard pages offer a
// person on such a site.
package audit29c
