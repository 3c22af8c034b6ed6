package dynamo

import "strings"

// The single table's key design. Every item has a partition key (pk) and a
// sort key (sk); sparse global secondary indexes serve the few lookups that
// do not start from the caller's account. One comment per access pattern.
//
// | item                  | pk                    | sk                       | access pattern                                   |
// |-----------------------|-----------------------|--------------------------|--------------------------------------------------|
// | account               | ACCT#<id>             | ACCOUNT                  | read the caller's account                        |
// | email claim           | EMAIL#<lowercased>    | EMAIL                    | one account per email (written with the account) |
// | agent key / OAuth     | ACCT#<id>             | CRED#<id>                | list and count an account's credentials          |
// | credential lookup     | CREDHASH#<sha256>     | CREDHASH                 | one GetItem authenticates a request              |
// | claim token           | CLAIM#<sha256>        | CLAIM                    | the claim page finds its account                 |
// | site                  | ACCT#<id>             | SITE#<id>                | a site is read under the caller's account        |
// | scan                  | ACCT#<id>             | SCAN#<site id>           | a site's latest scan, read under the account     |
// | job                   | ACCT#<id>             | JOB#<uuidv7>             | get one job; list newest first                   |
// | event                 | ACCT#<id>#EVENTS      | <sortable time>#<id>     | the events feed, oldest first, 30-day TTL        |
// | activity              | ACCT#<id>#ACTIVITY    | <sortable time>#<id>     | the activity log, newest first, 365-day TTL      |
// | idempotency record    | ACCT#<id>#IDEM        | <sha256 of key>          | replay a POST; TTL 24 h                          |
// | counter               | COUNT#<scope>         | <window>                 | rate limits and daily quotas (atomic ADD, TTL)   |
// | dev mail              | DEVMAIL#<lowercased>  | <sortable time>#<id>     | the dev harness's outbox                         |
// | pending mail          | MAILOUT#<id>          | MAILOUT                  | the mail outbox: a mail written with its change, |
// |                       |                       |                          | removed once sent; GSI1 DUE#mail at its next try  |
// | dev setting           | DEV#<name>            | DEV                      | the dev clock offset, host overrides, DNS        |
// | billing               | ACCT#<id>             | BILLING                  | the account's subscription state (one GetItem     |
// |                       |                       |                          | for every plan gate); GSI1 DUE#card_check        |
// | site credits          | ACCT#<id>             | CREDITS#<site id>        | a site's balances this period (conditional spend) |
// | site change due mark  | ACCT#<id>             | BILLING#LOCK             | the account's site change in flight, with the    |
// |                       |                       |                          | lock; GSI1 DUE#billing_site_lock when it lapses  |
// | site removal          | ACCT#<id>             | REMOVAL#<site id>        | a Studio site's scheduled archival; GSI1          |
// |                       |                       |                          | DUE#site_removal at removes_at                   |
// | applied payment event | ACCT#<id>#PAYEVT      | <processor event id>     | a processor event is applied once; TTL 30 days   |
// | payment reference     | PAYREF#<ref>          | PAYREF                   | a processor webhook finds its account            |
// | simulated processor   | SIMPAY#<kind>#<id>    | SIMPAY                   | dev stack only: checkouts, portals, subscriptions |
// |                       |                       |                          | (GSI1 DUE#simpay_renewal), idempotent charges    |
// | simulated charge      | SIMPAY#CHARGES#<acct> | <sortable time>#<id>     | dev stack only: every charge, for tests          |
// | webhook endpoint      | ACCT#<id>             | WEBHOOK#<id>             | list and count (max 10) an account's endpoints    |
// | webhook delivery      | ACCT#<id>#WEBHOOK#<w> | DLV#<event id>           | one per event and endpoint; a conditional put    |
// |                       |                       |                          | makes a retried fan-out add no second delivery   |
// | webhook attempt       | ACCT#<id>#WEBHOOK#<w> | ATT#<sortable time>#<id> | an endpoint's attempt log, newest first, 30 days |
// | webhook catch-up      | ACCT#<id>#WEBHOOK#<w> | CATCHUP                  | a new endpoint's events recorded while it was    |
// |                       |                       |                          | created; GSI1 DUE#webhook_catchup 2 min later    |
// | erased endpoint mark  | ACCT#<id>             | HOOKLOG#<w>              | a deleted endpoint whose log partition the erase  |
// |                       |                       |                          | job would still delete; TTL the log's, when the   |
// |                       |                       |                          | endpoint was deleted on its own                   |
//
// | article               | SITE#<site_id>        | ART#<uuidv7>             | a site's articles, newest first; read after the site is found under the caller's account |
//
// | keyword               | SITE#<site_id>        | KW#<uuidv7>              | a site's keywords (lists sort them by volume after one query of the site) |
// | keyword name          | SITE#<site_id>        | KWNAME#<lowercase name>  | one keyword per name on a site (written with the keyword) |
// | plan run              | SITE#<site_id>        | PLANRUN#<job id>         | a research or scan job's planned writes and how many batches are done: a retried attempt resumes; TTL 7 days |
//
// | site key              | SITE#<site_id>        | SITEKEY#<id>             | list a site's keys (read after the site is found under the caller's account) |
// | site key count        | SITE#<site_id>        | SITEKEYS                 | count a site's active keys (conditional ADD, max per site) |
// | site key lookup       | SITEKEYHASH#<sha256>  | SITEKEYHASH              | one GetItem authenticates a public API request   |
// | integration           | SITE#<site_id>        | INTEG#<platform>         | a site's push integrations (one per platform)    |
// | pushed article        | SITE#<site_id>        | PUSH#<platform>#<connection id>#<article id> | what one connection pushed: remote id, URL, content hash |
// | connect token         | INTEGCONNECT#<sha256> | INTEGCONNECT             | the connect page finds its integration; TTL 24 h |
//
// | OAuth client          | OAUTHCLIENT#<id>      | OAUTHCLIENT              | a registered app (RFC 7591), read by client_id   |
// | authorization request | OAUTHREQ#<id>         | OAUTHREQ                 | the consent page finds its request; TTL          |
// | authorization code    | OAUTHCODE#<sha256>    | OAUTHCODE                | the token endpoint redeems it once; TTL          |
// | refresh token         | OAUTHRT#<sha256>      | OAUTHRT                  | the token endpoint rotates it (deleted + new put); |
// |                       |                       |                          | deleted with its connection                       |
// | sign-in link          | SIGNIN#<sha256>       | SIGNIN                   | the emailed link finds its account once; TTL     |
// | owner session         | SESSION#<sha256>      | SESSION                  | a session cookie finds its owner; TTL            |
// | session index         | ACCT#<id>             | SESSION#<sha256>         | an account's sessions, ended when it is deleted; TTL |
// | link index            | ACCT#<id>             | LINK#<pk of the item>    | an account's claim, sign-in and connect links, OAuth |
// |                       |                       |                          | codes, replaced refresh tokens and payment references, |
// |                       |                       |                          | deleted with the account (linkindex.go); TTL of the  |
// |                       |                       |                          | item it names                                        |
//
// | backlink settings     | ACCT#<id>             | BACKLINKS#<site id>      | a site's exchange settings and domain verification (versioned put); |
// |                       |                       |                          | GSI2 BLHOST while it hosts, GSI1 DUE#backlink_domain at its re-check |
// | backlink stats        | ACCT#<id>             | BLSTATS#<site id>        | a site's exchange counters (escrow, lifetime credits, live links, targets; ADD only) |
// | backlink target       | SITE#<site_id>        | BLT#<uuidv7>             | a site's targets in creation order; GSI2 BLTARGET while active |
// | backlink target URL   | SITE#<site_id>        | BLTURL#<sha256 of page>  | one target per page on a site (written with the target) |
// | backlink placement    | SITE#<site_id>        | BLP#<uuidv7>             | a site's placements newest first, one copy under each of the two sites; |
// |                       |                       |                          | the hosted copy is on GSI1 DUE#backlink at its next step while not ended |
// | backlink slots        | SITE#<site_id>        | BLS#<article id>         | links an article carries (conditional count, one per linking domain) |
//
// | forum settings        | SITE#<site_id>        | FORUM                    | a site's forum presence settings and sweep lock (versioned put); |
// |                       |                       |                          | GSI1 DUE#forum_sweep at its next automatic sweep |
// | forum thread          | SITE#<site_id>        | FT#<uuid from forum id>  | one per forum thread and site (the id derives from both); |
// |                       |                       |                          | GSI2 FORUMFIT#<site_id> / <100-fit>#<age>#<id> lists best fit first |
// | forum thread text     | SITE#<site_id>        | FTX#<thread id>          | the thread's body and top comments as last read |
// | forum draft           | SITE#<site_id>        | FD#<uuidv7>              | a thread's reply draft (one per thread, rewritten in place) |
// | forum reply           | SITE#<site_id>        | FR#<uuidv7>              | a site's recorded replies, newest first; GSI1 DUE#forum_reply_check |
// |                       |                       |                          | at its next verification |
// | forum reply claim     | ACCT#<id>             | FORUMREPLY#<forum id>    | one recorded reply per forum thread and account (written with the reply) |
// | dev forum thread      | DEVFORUM#THREADS      | <forum id>               | dev stack only: the fixture forum's threads with their comments |
//
// | autopilot settings    | ACCT#<id>             | AUTOPILOT#<site id>      | a site's autopilot pace; GSI1 DUE#autopilot at   |
// |                       |                       |                          | next_run_at while enabled                        |
// | generation watch      | ACCT#<id>             | GENERATION#<article id>  | an article being written and its job; GSI1       |
// |                       |                       |                          | DUE#generation checks that the job ended         |
//
// GSI2 PUBART#<site_id> / <updated_at>#<id> holds a site's finished
// articles only (the attributes are removed when an article stops being
// finished): the public articles API lists them oldest update first.
//
// GSI1 (gsi1pk, gsi1sk) lists due work for the scheduler: gsi1pk is
// DUE#<kind>, gsi1sk is <sortable due time>#<id>. Items leave the index by
// removing both attributes when the work is done.
// Webhooks use three kinds: DUE#webhook (a pending delivery: its next
// attempt, or the time its queued message counts as lost),
// DUE#webhook_health (a failing endpoint: its warning or disable check) and
// DUE#webhook_catchup (a new endpoint's catch-up of events recorded while
// it was created).
// Billing uses DUE#card_check (a trial whose card is not checked yet) and
// DUE#site_removal (a Studio site to archive at removes_at); the dev
// stack's simulated processor uses DUE#simpay_renewal (a period end).
//
// GSI2 (gsi2pk, gsi2sk) is for lookups by an attribute other than the
// account, added by features that need one.
// The backlink exchange uses GSI2 BLHOST / <site id> (the sites that host
// links now) and BLTARGET / <site id>#<target id> (active targets): its
// scheduled matcher reads both pools, never the whole table.

// Attribute names of the table's keys.
const (
	PK     = "pk"
	SK     = "sk"
	GSI1PK = "gsi1pk"
	GSI1SK = "gsi1sk"
	GSI2PK = "gsi2pk"
	GSI2SK = "gsi2sk"
	TTL    = "ttl"
)

// Index names.
const (
	GSI1 = "gsi1"
	GSI2 = "gsi2"
)

// AccountPK is the partition of an account's own items.
func AccountPK(accountID string) string { return "ACCT#" + accountID }

// AccountSK is the sort key of the account item.
const AccountSK = "ACCOUNT"

// EmailPK is the partition of the item that reserves an email address.
func EmailPK(email string) string { return "EMAIL#" + strings.ToLower(email) }

// EmailSK is the sort key of the email reservation.
const EmailSK = "EMAIL"

// CredentialSK is the sort key of an agent key or OAuth connection.
func CredentialSK(id string) string { return "CRED#" + id }

// CredentialPrefix begins every credential sort key.
const CredentialPrefix = "CRED#"

// CredentialHashPK is the partition of the lookup item of a secret's hash.
func CredentialHashPK(hash string) string { return "CREDHASH#" + hash }

// CredentialHashSK is the sort key of the lookup item.
const CredentialHashSK = "CREDHASH"

// ClaimPK is the partition of a claim token's lookup item.
func ClaimPK(hash string) string { return "CLAIM#" + hash }

// ClaimSK is the sort key of the claim token item.
const ClaimSK = "CLAIM"

// SiteSK is the sort key of a site under its account.
func SiteSK(id string) string { return "SITE#" + id }

// SitePrefix begins every site sort key.
const SitePrefix = "SITE#"

// ScanSK is the sort key of a site's latest scan under its account.
func ScanSK(siteID string) string { return "SCAN#" + siteID }

// CompletedScanSK is the sort key of a site's last completed scan under its
// account, kept beside the latest while a newer scan is queued, running or
// failed: what research, writing and forum sweeps read.
func CompletedScanSK(siteID string) string { return "SCANDONE#" + siteID }

// JobSK is the sort key of a job under its account.
func JobSK(id string) string { return "JOB#" + id }

// JobPrefix begins every job sort key.
const JobPrefix = "JOB#"

// EventsPK is the partition of an account's events.
func EventsPK(accountID string) string { return "ACCT#" + accountID + "#EVENTS" }

// ActivityPK is the partition of an account's activity log.
func ActivityPK(accountID string) string { return "ACCT#" + accountID + "#ACTIVITY" }

// IdempotencyPK is the partition of idempotency records in one scope (an
// account id, or "anon#<caller address>" for unauthenticated calls).
func IdempotencyPK(scope string) string { return "ACCT#" + scope + "#IDEM" }

// CounterPK is the partition of a counter such as a rate-limit window.
func CounterPK(scope string) string { return "COUNT#" + scope }

// DevMailPK is the partition of the dev outbox for one recipient.
func DevMailPK(to string) string { return "DEVMAIL#" + strings.ToLower(to) }

// MailOutboxPK is the partition of one pending mail of the mail outbox.
func MailOutboxPK(id string) string { return "MAILOUT#" + id }

// MailOutboxSK is the sort key of a pending mail.
const MailOutboxSK = "MAILOUT"

// DevSettingPK is the partition of one dev-stack setting.
func DevSettingPK(name string) string { return "DEV#" + name }

// DevSettingSK is the sort key of a dev-stack setting.
const DevSettingSK = "DEV"

// WebhookSK is the sort key of a webhook endpoint under its account.
func WebhookSK(id string) string { return "WEBHOOK#" + id }

// WebhookPrefix begins every webhook endpoint sort key.
const WebhookPrefix = "WEBHOOK#"

// WebhookLogPK is the partition of one endpoint's deliveries and attempt log.
func WebhookLogPK(accountID, webhookID string) string {
	return "ACCT#" + accountID + "#WEBHOOK#" + webhookID
}

// ErasedWebhookSK is the sort key, under an account, of the mark that
// endpoint id (deleted on its own, or at once with the account) still has
// a log partition for the erase job to delete.
func ErasedWebhookSK(id string) string { return ErasedWebhookPrefix + id }

// ErasedWebhookPrefix begins every erased endpoint mark's sort key.
const ErasedWebhookPrefix = "HOOKLOG#"

// DeliverySK is the sort key of the delivery of one event to an endpoint.
func DeliverySK(eventID string) string { return "DLV#" + eventID }

// CatchUpSK is the sort key of a new endpoint's catch-up.
const CatchUpSK = "CATCHUP"

// AttemptPrefix begins every delivery attempt sort key.
const AttemptPrefix = "ATT#"

// BillingSK is the sort key of an account's billing record.
const BillingSK = "BILLING"

// CreditsSK is the sort key of a site's credit balances under its account.
func CreditsSK(siteID string) string { return "CREDITS#" + siteID }

// CreditsPrefix begins every credit balance sort key.
const CreditsPrefix = "CREDITS#"

// SiteFollowSK is the sort key of the account's Studio sites' follow-up
// of a subscription change (set to stop, kept, archived, granted) not yet
// applied to every site; it is in the DUE#billing_sites work while it
// waits.
const SiteFollowSK = "BILLING#SITES"

// PastGrantSK is the sort key of the mark that a Studio site's
// credits.reset of the period ending at end (a renewal reported after a
// later one) is recorded: it is recorded once.
func PastGrantSK(siteID, end string) string { return "BILLING#PASTGRANT#" + siteID + "#" + end }

// RemovalSK is the sort key of a Studio site's scheduled removal.
func RemovalSK(siteID string) string { return "REMOVAL#" + siteID }

// PaymentEventsPK is the partition of the processor events applied to an
// account.
func PaymentEventsPK(accountID string) string { return "ACCT#" + accountID + "#PAYEVT" }

// SiteLockSK is the sort key of the due mark of the account's site change
// in flight: it is in the DUE#billing_site_lock work at the time the
// change's lock lapses, and goes with the lock.
const SiteLockSK = "BILLING#LOCK"

// PaymentRefPK is the partition of the lookup item of a processor's
// subscription or customer reference.
func PaymentRefPK(ref string) string { return "PAYREF#" + ref }

// PaymentRefSK is the sort key of a payment reference lookup item.
const PaymentRefSK = "PAYREF"

// SimPayPK is the partition of one simulated-processor object (kind is
// CHECKOUT, PORTAL, SUB or IDEM).
func SimPayPK(kind, id string) string { return "SIMPAY#" + kind + "#" + id }

// SimPaySK is the sort key of a simulated-processor object.
const SimPaySK = "SIMPAY"

// SimChargesPK is the partition of the simulated processor's charges of
// one account.
func SimChargesPK(accountID string) string { return "SIMPAY#CHARGES#" + accountID }

// DuePK is the GSI1 partition of work of one kind waiting for the scheduler.
func DuePK(kind string) string { return "DUE#" + kind }

// TimeKey joins a sortable time and an id into a sort key.
func TimeKey(sortableTime, id string) string { return sortableTime + "#" + id }

// SitePK is the partition of a site's own items (articles, keywords, ...).
func SitePK(siteID string) string { return "SITE#" + siteID }

// ArticleSK is the sort key of an article under its site.
func ArticleSK(id string) string { return "ART#" + id }

// ArticlePrefix begins every article sort key.
const ArticlePrefix = "ART#"

// FinishedArticlesPK is the GSI2 partition of a site's finished articles.
func FinishedArticlesPK(siteID string) string { return "PUBART#" + siteID }

// FinishedHeadSK is the sort key, under the site (SitePK), of the latest
// updated_at written into the site's finished articles (GSI2): each such
// write moves it forward on condition, so they commit in updated_at order.
const FinishedHeadSK = "PUBHEAD"

// FinishedLiveSK is the sort key, under the site (SitePK), of the mark in
// the site's finished articles (GSI2) up to which every one has a live URL:
// the public API's published=false list starts there.
const FinishedLiveSK = "PUBLIVE"

// SiteKeySK is the sort key of a site key under its site.
func SiteKeySK(id string) string { return "SITEKEY#" + id }

// SiteKeyPrefix begins every site key sort key.
const SiteKeyPrefix = "SITEKEY#"

// SiteKeyCountSK is the sort key of the item that counts a site's keys.
const SiteKeyCountSK = "SITEKEYS"

// SiteKeyHashPK is the partition of the lookup item of a site key's hash.
func SiteKeyHashPK(hash string) string { return "SITEKEYHASH#" + hash }

// SiteKeyHashSK is the sort key of a site key's lookup item.
const SiteKeyHashSK = "SITEKEYHASH"

// IntegrationSK is the sort key of a site's integration with a platform.
func IntegrationSK(platform string) string { return "INTEG#" + platform }

// IntegrationPrefix begins every integration sort key.
const IntegrationPrefix = "INTEG#"

// PushPrefix begins the sort keys of what one connection pushed.
func PushPrefix(platform, connectionID string) string {
	return "PUSH#" + platform + "#" + connectionID + "#"
}

// PushSK is the sort key of one article pushed through a connection.
func PushSK(platform, connectionID, articleID string) string {
	return PushPrefix(platform, connectionID) + articleID
}

// ConnectTokenPK is the partition of an integration connect token's item.
func ConnectTokenPK(hash string) string { return "INTEGCONNECT#" + hash }

// ConnectTokenSK is the sort key of a connect token's item.
const ConnectTokenSK = "INTEGCONNECT"

// OAuthClientPK is the partition of a registered OAuth client.
func OAuthClientPK(clientID string) string { return "OAUTHCLIENT#" + clientID }

// OAuthClientSK is the sort key of a registered OAuth client.
const OAuthClientSK = "OAUTHCLIENT"

// OAuthRequestPK is the partition of a pending authorization request.
func OAuthRequestPK(id string) string { return "OAUTHREQ#" + id }

// OAuthRequestSK is the sort key of an authorization request.
const OAuthRequestSK = "OAUTHREQ"

// OAuthCodePK is the partition of an authorization code's hash.
func OAuthCodePK(hash string) string { return "OAUTHCODE#" + hash }

// OAuthCodeSK is the sort key of an authorization code.
const OAuthCodeSK = "OAUTHCODE"

// OAuthRefreshPK is the partition of a refresh token's hash.
func OAuthRefreshPK(hash string) string { return "OAUTHRT#" + hash }

// OAuthRefreshSK is the sort key of a refresh token.
const OAuthRefreshSK = "OAUTHRT"

// SignInPK is the partition of an emailed sign-in link's hash.
func SignInPK(hash string) string { return "SIGNIN#" + hash }

// SignInSK is the sort key of a sign-in link.
const SignInSK = "SIGNIN"

// SessionPK is the partition of an owner session's hash.
func SessionPK(hash string) string { return "SESSION#" + hash }

// SessionSK is the sort key of an owner session.
const SessionSK = "SESSION"

// SessionIndexSK is the sort key, under the account, of the item that
// lists one of its sessions.
func SessionIndexSK(hash string) string { return SessionIndexPrefix + hash }

// SessionIndexPrefix begins every session index sort key.
const SessionIndexPrefix = "SESSION#"

// KeywordSK is the sort key of a keyword under its site.
func KeywordSK(id string) string { return "KW#" + id }

// KeywordPrefix begins every keyword sort key.
const KeywordPrefix = "KW#"

// KeywordNameSK is the sort key of the item reserving a keyword name
// (already lowercase) on its site.
func KeywordNameSK(name string) string { return "KWNAME#" + name }

// PlanRunSK is the sort key of a job's planned writes under its site.
func PlanRunSK(jobID string) string { return "PLANRUN#" + jobID }

// BacklinksSK is the sort key of a site's backlink exchange settings under
// its account.
func BacklinksSK(siteID string) string { return "BACKLINKS#" + siteID }

// BacklinkStatsSK is the sort key of a site's backlink exchange counters
// under its account.
func BacklinkStatsSK(siteID string) string { return "BLSTATS#" + siteID }

// BacklinkTargetSK is the sort key of a backlink target under its site.
func BacklinkTargetSK(id string) string { return "BLT#" + id }

// BacklinkTargetPrefix begins every backlink target sort key.
const BacklinkTargetPrefix = "BLT#"

// BacklinkTargetURLSK is the sort key of the item reserving a target's
// page (the hex SHA-256 of its normalized URL) on its site.
func BacklinkTargetURLSK(pageHash string) string { return "BLTURL#" + pageHash }

// BacklinkPlacementSK is the sort key of a placement copy under its site.
func BacklinkPlacementSK(id string) string { return "BLP#" + id }

// BacklinkPlacementPrefix begins every placement sort key.
const BacklinkPlacementPrefix = "BLP#"

// BacklinkSlotsSK is the sort key of the links one article carries.
func BacklinkSlotsSK(articleID string) string { return "BLS#" + articleID }

// The GSI2 partitions of the backlink exchange's pools.
const (
	BacklinkHostsPK   = "BLHOST"
	BacklinkTargetsPK = "BLTARGET"
)

// ForumSettingsSK is the sort key of a site's forum presence settings.
const ForumSettingsSK = "FORUM"

// ForumThreadSK is the sort key of a forum thread under its site.
func ForumThreadSK(id string) string { return "FT#" + id }

// ForumThreadTextSK is the sort key of a forum thread's body and comments.
func ForumThreadTextSK(id string) string { return "FTX#" + id }

// ForumDraftSK is the sort key of a forum reply draft under its site.
func ForumDraftSK(id string) string { return "FD#" + id }

// ForumReplySK is the sort key of a recorded forum reply under its site.
func ForumReplySK(id string) string { return "FR#" + id }

// ForumReplyPrefix begins every forum reply sort key.
const ForumReplyPrefix = "FR#"

// ForumReplyClaimSK is the sort key, under the account, of the item that
// holds the one reply recorded in a forum thread.
func ForumReplyClaimSK(forumID string) string { return "FORUMREPLY#" + forumID }

// ForumThreadsByFitPK is the GSI2 partition of a site's forum threads,
// best fit first.
func ForumThreadsByFitPK(siteID string) string { return "FORUMFIT#" + siteID }

// DevForumPK is the partition of the dev stack's fixture forum threads.
const DevForumPK = "DEVFORUM#THREADS"

// AutopilotSK is the sort key of a site's autopilot settings under its
// account.
func AutopilotSK(siteID string) string { return "AUTOPILOT#" + siteID }

// GenerationSK is the sort key of the watch item of an article being
// written, under its account.
func GenerationSK(articleID string) string { return "GENERATION#" + articleID }

// ResearchLockSK is the sort key, under a site, of the lock that research
// runs saving to the site take one at a time.
func ResearchLockSK() string { return "RESEARCHLOCK" }
