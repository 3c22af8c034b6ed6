// Package audit26h audits lifecycle crossings between features black-box
// over HTTP against a dev stack (the dev clock and scheduled runs move
// time): what integrations, Studio sites, the backlink exchange, forum
// presence, autopilot, site keys and jobs answer when a site or the
// account changes state underneath them (a Studio site scheduled for
// removal, archived and restored; the plan past due, past its 48-hour
// grace and ended; the account deleted), checked against spec sections 2,
// 3, 4, 6 and 8 and the README.
package audit26h
