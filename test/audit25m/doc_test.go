// Package audit25m audits accounts, claiming, owner sign-in, agent keys,
// the activity log and the dev harness contract (spec 2 Account, Agent
// key, Activity entry; 4.3; 4.4; 5; 8; README "Accounts and credentials";
// DEV_HARNESS.md) black-box over HTTP against a dev stack. Each test pins a
// defect the earlier audits missed.
package audit25m
