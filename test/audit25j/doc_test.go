// Package audit25j audits articles end to end, black-box over HTTP against
// a dev stack: the article fields and rows of spec 2 and 3, the article
// endpoints of 4.2 (create, list, get, PATCH, delete, generate, finish,
// publish, score, rewrite-section), the article.* events of spec 6, the
// README's "Articles" section, and how a finished article then reads
// through the public articles API. One test per defect found, each naming
// the sentence it checks and what was wrong before the fix.
package audit25j
