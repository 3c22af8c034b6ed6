// Package audit26j audits articles as an agent writes, scores and finishes
// them, black-box over HTTP against a dev stack: the article and score
// objects field by field, generation through its job (credits taken and
// refunded, article.generated and article.finished once each), the
// transition table's moves and refusals, scoring, finishing, publishing,
// list filters and ordering, deleting, and the article.* events' data.
package audit26j
