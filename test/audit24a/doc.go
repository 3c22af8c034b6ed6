// Package audit24a holds black-box tests, over HTTP against a dev stack,
// of accounts and claiming, agent keys and OAuth connections, the activity
// log and authentication (spec 2 Account, Agent key, Activity entry; 3;
// 4.3; 4.4; 5; 7; 8; README "Accounts and credentials"). Each test pins a
// defect the earlier audits missed, or a sentence of the contract nothing
// else tested.
package audit24a
