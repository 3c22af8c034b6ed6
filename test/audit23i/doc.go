// Package audit23i holds black-box tests, over HTTP against a dev stack, of
// forum presence (agent-api.md section 4.8 and the README's "Forum
// presence" notes) that test/forum, test/audit22c and test/audit22j do not
// already cover: the host rules a recorded reply's permalink must meet,
// dismiss_reason null as no reason (and the served document agreeing),
// sweeps and the AI rate limit (manual sweeps count, refused and automatic
// ones do not), and another account's thread and draft ids answering like
// unknown ones. Each test starts its own stack with the background
// scheduler off, so time moves and scheduled work runs only when the test
// says.
package audit23i
