// Package writing has the service write articles (spec 3, 4.2, 6): POST
// .../generate spends one article credit in the transaction that moves the
// article to generating and starts an article.generate job; the job writes
// the article from the site's writing settings, brand, description and
// scan analysis and finishes it (article.generated, article.finished), or,
// after its retries, puts it back to scheduled and refunds the credit
// (article.generation_failed). A watch item per generation lets a
// scheduled task clean up after a job that died without doing either. It
// also rewrites one passage of an article on request (rewrite-section).
package writing

import (
	"context"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// Kind is the job kind of an article generation.
const Kind = "article.generate"

// CreditsPerArticle is what one generation spends.
const CreditsPerArticle = 1

// Writer is the model work of writing: a whole article from a brief, and
// one passage rewritten. Errors mean the model could not answer (the job
// retries; a rewrite answers unavailable).
type Writer interface {
	WriteArticle(ctx context.Context, b model.ArticleBrief) (model.ArticleDraft, error)
	RewritePassage(ctx context.Context, b model.PassageBrief) (string, error)
}

var _ Writer = model.Offline{}

// Service starts, runs and cleans up generations, and rewrites passages.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Articles *articles.Store
	Sites    *sites.Store
	Scans    *scans.Store
	Credits  *credits.Service
	Jobs     *jobs.Enqueuer
	JobStore *jobs.Store
	Events   *eventlog.Writer
	Writer   Writer
	// AI is the account's AI rate limit, which rewrites count toward.
	AI *ratelimit.AI
}
