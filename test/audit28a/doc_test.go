// Package audit28a audits forum presence black-box over HTTP against a dev
// stack (spec 2 Forum thread, draft and reply; 3's forum transitions; 4.8;
// README "Forum presence"): one reply per forum thread per account across
// the account's sites, and what a claimed reply lets its thread do.
package audit28a
