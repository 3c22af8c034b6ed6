// Package publish serves POST .../articles/{article_id}/publish (spec 4.2,
// 6): it records a finished article's live URL (checked like the public
// articles API's reports: a public http(s) address on the site's website
// domain or verified backlink domain) and pushes the article to the site's
// push integrations through a Pusher, recording article.published or
// article.publish_failed for each.
package publish

import (
	"context"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// The push destinations (integration ids, spec 2).
const (
	PushPlatform1 = "push_platform_1"
	PushPlatform2 = "push_platform_2"
)

// Destinations lists the push destinations a request may name.
var Destinations = []string{PushPlatform1, PushPlatform2}

// Results of a push (article.published's result).
const (
	ResultCreated = "created"
	ResultUpdated = "updated"
)

// Pusher pushes one finished article to a site's push integration. The
// integrations feature implements it.
type Pusher interface {
	// Push creates or updates the article on the integration's platform and
	// returns ResultCreated or ResultUpdated and the article's address
	// there ("" when the platform gives none). Errors carry a code (for
	// example conflict when the integration is not connected, or
	// integration_unavailable) and a sentence for the caller; they are
	// reported as article.publish_failed. request identifies the publish
	// request across its retries ("" when it has no Idempotency-Key): a
	// push that request already made is answered again, not made twice.
	Push(ctx context.Context, accountID, siteID, integrationID, request string, a articles.Article) (result, url string, err error)
}

// Service publishes articles.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Articles *articles.Store
	Sites    *sites.Store
	Events   *eventlog.Writer
	// Pusher pushes to integrations; nil where pushing is unavailable
	// (integration_unavailable).
	Pusher Pusher
	// Verified tells a site's verified backlink domain; nil: the website's
	// domain only.
	Verified liveurls.VerifiedDomains
}
