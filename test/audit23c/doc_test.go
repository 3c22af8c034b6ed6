// Package audit23c tests three defects over HTTP against dev stacks: a
// publish with destinations retried after a crash must not push twice
// (spec 2's idempotency rules), RunSync must honour the job timeout the
// asynchronous path honours (spec's jobs section), and a scan still
// running when website_url changes must not record the old website's
// findings (spec's site and scan sections: a new website is scanned anew).
package audit23c
