// Package audit26l looks at what the owner does in a browser to approve
// apps and manage credentials: the OAuth consent page, the dashboard's
// agent keys and apps page (create a key, see its secret once, revoke a
// key, disconnect an app), claiming the account and signing in. It pins
// the defects the audit found and fixed: the agent key creation form sent
// again (a reload of the page that shows the new key, or Back and
// resubmit) showed the secret a second time, although the page says it
// will not be shown again; the Revoke or Disconnect button of a key or
// app with a long name ran off a phone's screen, cut short so the person
// could not read what it does; and the owner's notice of a new key or
// connection did not say who added it, so a key made by a leaked key did
// not name the leaked one. Chromium shoots pages into .cache/audit26l/.
package audit26l
