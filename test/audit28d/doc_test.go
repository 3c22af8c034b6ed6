// Package audit28d audits the public articles API
// (public-articles-api.md, and the README's "Site keys and the public
// articles API") black-box over HTTP against dev stacks, sentence by
// sentence: the article list's filters and what they cost, and the
// live-URL report.
package audit28d
