// Package audit27a audits the backlink exchange (spec 2, 3 and 4.7;
// README "Backlink exchange") over HTTP, each test on a dev stack of its
// own with the scheduler run by hand and the members' websites served by
// testenv.MemberWeb: a host's removal of a link replayed after a crash,
// what becomes of a reservation whose target is deleted or changed before
// it is placed, and a requester whose plan lapsed meanwhile.
package audit27a
