// Package audit25i audits the backlink exchange end to end (spec 2, 3,
// 4.7, 6 and 8; README "Backlink exchange") over HTTP, each test on a dev
// stack of its own with the scheduler run by hand: the life of a placement
// from match to settled credits and its end, what a member's plan lapsing
// does to it, and the exchange's answers on each endpoint, for what
// test/backlinks, test/audit22e, test/audit23b and test/audit23j do not
// cover.
package audit25i
