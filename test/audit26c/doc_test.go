// Package audit26c audits the backlink exchange (spec 2, 3 and 4.7;
// README "Backlink exchange") over HTTP, each test on a dev stack of its
// own with the scheduler run by hand and the members' websites served by
// testenv.MemberWeb: which links count as live, where credits go when a
// live link ends, which host a requester with few credits is matched
// with, and the host's settings weighed again when a reservation is
// placed.
package audit26c
