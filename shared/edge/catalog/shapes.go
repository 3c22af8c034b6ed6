package catalog

import (
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/rank"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/score"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/payments"
)

// The named shapes of the agent API's answers, each read from the Go type
// the service writes (shapeOf), with the values and words the spec gives.

func accountShape() *Schema {
	return named("Account", "The account (spec 2).", shapeOf[accounts.Account]()).
		enumAt("billing_status", billingStatuses...)
}

var billingStatuses = []string{"none", "trialing", "active", "past_due", "canceled"}

func agentKeyShape() *Schema {
	return named("AgentKey", "An agent key or OAuth connection (spec 2); key is the secret, only in the creating answer.", shapeOf[credentials.AgentKey]()).
		enumAt("type", "key", "oauth")
}

func activityShape() *Schema {
	return named("ActivityEntry", "An activity log entry (spec 2); site_id is \"\" for account-wide changes.", shapeOf[activity.Entry]()).
		enumAt("actor.type", actorTypes...)
}

// actorTypes are who can act on an account (spec 2 Activity entry): an
// agent key, an OAuth connection, the owner, or the service itself.
var actorTypes = []string{auth.ActorAgent, auth.ActorApp, auth.ActorOwner, auth.ActorService}

func actorShape() *Schema { return shapeOf[activity.Entry]().At("actor") }

func jobShape() *Schema {
	return named("Job", "An asynchronous job: result is the kind's result object once completed, error {code, message} once failed.", shapeOf[jobs.Job]()).
		enumAt("status", jobs.Statuses...).
		enumAt("kind", jobs.Kinds...).
		describe("result", "The kind's result once completed, else null.").
		nullableAt("result")
}

func siteShape() *Schema {
	return named("Site", "A site (spec 2).", shapeOf[sites.Site]()).
		enumAt("kind", "primary", "studio").
		enumAt("status", "pending", "active", "archived").
		enumAt("scan_status", "queued", "running", "completed", "failed")
}

func scanShape() *Schema {
	return named("Scan", "The site's latest website scan (spec 2); what the pages cannot support is empty, never guessed.", shapeOf[scans.Scan]()).
		enumAt("status", "queued", "running", "completed", "failed").
		enumAt("stage", "brand", "analysis", "plan")
}

func keywordShape() *Schema {
	return named("Keyword", "A keyword of the site (spec 2): tracked (library) or saved from research (discovered).", shapeOf[keywords.Keyword]()).
		enumAt("source", "library", "discovered").
		enumAt("intent", model.Intents...).
		enumAt("trend", model.Trends...)
}

func rankShape() *Schema {
	return named("Rank", "Keyword coverage (spec 2): how much of the tracked keywords have a finished article; not rankings.", shapeOf[rank.Rank]()).
		enumAt("coverage.basis", "searches", "topics").
		enumAt("market.[].status", "published", "writing", "scheduled", "idea", "gap").
		enumAt("market.[].intent", model.Intents...).
		enumAt("market.[].trend", model.Trends...)
}

func creditsShape() *Schema {
	return named("Credits", "The site's credit balances for the current billing period; periods are null before any trial or plan.", shapeOf[credits.Credits]())
}

func articleShape() *Schema {
	return named("Article", "An article of the agent API. Lists and events omit body_markdown and body_html.", shapeOf[articles.Article]()).
		enumAt("status", articles.Statuses...).
		enumAt("source", "scan", "research", "api", "dashboard", "autopilot").
		formatAt("date", "scheduled_for").
		enumAt("estimates.competition", model.Competitions...).
		nullableAt("tags")
}

func scoreShape() *Schema {
	return named("Score", "The article's SEO and GEO score; each part's score is its share of points (0 to 100).", shapeOf[score.Score]())
}

func outcomeShape() *Schema {
	return shapeOf[publish.Outcome]().enumAt("result", "recorded", "created", "updated", "failed")
}

func autopilotShape() *Schema {
	return named("Autopilot", "The site's autopilot settings.", shapeOf[autopilot.Settings]())
}

func destinationShape() *Schema {
	return named("ArticleDestination", "Where a push put an article: the platform, the post's address there, and when it was last pushed.", shapeOf[integrations.Destination]()).
		enumAt("destination", platforms()...)
}

func integrationShape() *Schema {
	return named("Integration", "A push integration; setup appears when one integration is read.", shapeOf[integrations.Integration]()).
		enumAt("id", platforms()...).
		enumAt("status", "not_connected", "connected", "error").
		enumAt("requires", "trial_or_plan", "paid_plan")
}

func platforms() []string { return integrations.Order }

func siteKeyShape() *Schema {
	return named("SiteKey", "A site key of the public articles API; key is the secret, only in the creating answer.", shapeOf[sitekeys.SiteKey]()).
		enumAt("created_by.type", actorTypes...)
}

func backlinksShape() *Schema {
	s := named("Backlinks", "The site's backlink exchange overview (spec 2); status is null before a domain is set.", shapeOf[backlinks.Overview]()).
		enumAt("status", domainStatuses...).
		enumAt("blocked_categories.[]", backlinks.Categories...)
	*s.At("verification") = *verificationShape().orNull()
	return s
}

// domainStatuses are a backlink domain's verification statuses (spec 2
// Backlink overview).
var domainStatuses = []string{backlinks.DomainUnverified, backlinks.DomainVerifying, backlinks.DomainVerified, backlinks.DomainSuspended}

func verificationShape() *Schema {
	return named("DomainVerification", "The domain to verify and its three proof methods; checks after a check.", shapeOf[backlinks.Verification]()).
		enumAt("status", domainStatuses...).
		enumAt("checks.[].method", backlinks.MethodDNS, backlinks.MethodMeta, backlinks.MethodWellKnown)
}

func targetShape() *Schema {
	return named("BacklinkTarget", "A page that should receive links (spec 2).", shapeOf[backlinks.Target]())
}

func placementShape() *Schema {
	return named("BacklinkPlacement", "A link placement (spec 2).", shapeOf[backlinks.Placement]()).
		enumAt("direction", "inbound", "hosted").
		enumAt("status", backlinks.PlacementStatuses...)
}

func forumShape() *Schema {
	return named("ForumSettings", "The site's forum presence settings (spec 2).", shapeOf[forum.Settings]()).
		enumAt("access", "paid", "trial", "lapsed", "none")
}

func threadShape() *Schema {
	return threadFields(named("ForumThread", "A forum thread found for the site (spec 2); in lists, draft and reply are summaries.", shapeOf[forum.Thread]()))
}

func threadDetailShape() *Schema {
	return threadFields(named("ForumThreadDetail", "One forum thread with its body, top comments, latest draft and recorded reply.", shapeOf[forum.ThreadDetail]())).
		enumAt("draft.compliance.checks.[].state", checkStates...)
}

// checkStates are the states of a draft's compliance check.
var checkStates = []string{forum.CheckPass, forum.CheckFail, forum.CheckUnknown}

// threadFields gives a thread's fields (spec 2 Forum thread) their values:
// a list's summary or the single thread alike.
func threadFields(s *Schema) *Schema {
	s.At("fit").Minimum, s.At("fit").Maximum = floatp(0), floatp(100)
	return s.describe("fit", "How well a reply would fit, 0 to 100; null when the thread is blocked.").
		enumAt("status", forum.ThreadStatuses...).
		enumAt("blocked_reason", forum.BlockedRemoved, forum.BlockedArchived, forum.BlockedLocked, forum.BlockedLikelyArchived,
			forum.BlockedSubforumDenied, forum.BlockedPromoBanned, forum.BlockedOffTopic).
		enumAt("reply.status", forum.ReplyStatuses...)
}

func draftShape() *Schema {
	return named("ForumDraft", "A drafted reply (spec 2); the text to hand to a person is edited_body when set, else body.", shapeOf[forum.Draft]()).
		enumAt("compliance.checks.[].state", checkStates...)
}

func replyShape() *Schema {
	return named("ForumReply", "A reply a person posted (spec 2).", shapeOf[forum.Reply]()).
		enumAt("status", forum.ReplyStatuses...)
}

func billingShape() *Schema {
	return named("Billing", "The account's billing (spec 2).", shapeOf[billing.Billing]()).
		enumAt("status", billingStatuses...).
		enumAt("plan.currency", payments.Currency).
		enumAt("currency", payments.Currency)
}

func moneyShape() *Schema {
	return named("Money", "An amount in US dollars.", shapeOf[payments.Money]()).enumAt("currency", payments.Currency)
}

func checkoutShape() *Schema {
	return named("Checkout", "A checkout link for the owner (spec 2).", shapeOf[billing.Checkout]()).
		enumAt("mode", "trial", "plan").
		enumAt("price.currency", payments.Currency)
}

func portalShape() *Schema {
	return named("Portal", "A billing portal link for the owner (spec 2).", shapeOf[billing.Portal]())
}

func quoteShape() *Schema {
	return named("StudioQuote", "The price of one more Studio site today (spec 2).", shapeOf[billing.Quote]()).
		enumAt("block", "no_plan", "trialing", "past_due", "canceling", "lapsed").
		enumAt("currency", payments.Currency)
}

func eventShape() *Schema {
	return named("Event", "An event (spec 2, 6): data depends on type.", shapeOf[eventlog.Event]())
}

func webhookShape() *Schema {
	return named("Webhook", "A webhook endpoint (spec 2); secret only in the creating answer.", shapeOf[webhooks.Endpoint]()).
		enumAt("created_by.type", actorTypes...)
}

func attemptShape() *Schema {
	return named("WebhookDelivery", "One delivery attempt of an event to the endpoint.", shapeOf[webhooks.Attempt]())
}

func testResultShape() *Schema {
	return shapeOf[webhooks.TestResult]()
}

// The public articles API's shapes.

func publicArticleShape() *Schema {
	return named("PublicArticle", "A finished article (public spec 2).", shapeOf[publicapi.Article]())
}

func publicPageShape() *Schema {
	s := named("ArticlePage", "A page of articles, oldest updated_at first (public spec 2).", shapeOf[publicapi.Page]())
	s.At("articles").Items = publicArticleShape()
	return s
}

func pingShape() *Schema {
	return named("Ping", "The ping result (public spec 2).", shapeOf[publicapi.Ping]()).
		optionalAt("", "website_url", "logo_url")
}

// deleted is the answer of a delete: {deleted: true, id}.
func deleted() *Schema {
	return wrap(prop("deleted", &Schema{Type: "boolean"}), prop("id", str("", 0, 0)))
}

// revoked is the answer of a revocation: {revoked: true, id}.
func revoked() *Schema {
	return wrap(prop("revoked", &Schema{Type: "boolean"}), prop("id", str("", 0, 0)))
}

// one is the answer of one object wrapped in its singular name.
func one(name string, s *Schema) *Schema { return wrap(prop(name, s)) }

// jobAnswer is the 202 answer of asynchronous work: {job}.
func jobAnswer() *Schema { return one("job", jobShape()) }
