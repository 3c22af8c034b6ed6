// Package audit26a audits paging in the owner's dashboard black-box over
// HTTP against a dev stack: every list a page shows must reach every one
// of its items (README, Owner dashboard: "long lists ... page with First
// and Next links"), through plain links in a named nav, and what a page
// says about an item (an idea "added") must hold however many items the
// site has.
package audit26a
