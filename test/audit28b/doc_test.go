// Package audit28b audits the owner's way in black-box against a dev
// stack: claiming an account, signing in by an emailed link, sessions and
// signing out, and the mails that carry those links, checking what a
// person sees (the page, its status, where it leads) against the spec and
// the README's "OAuth, owner sign-in and app connections" and "Owner
// dashboard".
package audit28b
