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
// | dev setting           | DEV#<name>            | DEV                      | the dev clock offset, host overrides, DNS        |
// | billing               | ACCT#<id>             | BILLING                  | the account's subscription state (one GetItem     |
// |                       |                       |                          | for every plan gate); GSI1 DUE#card_check        |
// | site credits          | ACCT#<id>             | CREDITS#<site id>        | a site's balances this period (conditional spend) |
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
//
// | article               | SITE#<site_id>        | ART#<uuidv7>             | a site's articles, newest first; read after the site is found under the caller's account |
//
// GSI2 PUBART#<site_id> / <updated_at>#<id> holds a site's finished
// articles only (the attributes are removed when an article stops being
// finished): the public articles API lists them oldest update first.
//
// GSI1 (gsi1pk, gsi1sk) lists due work for the scheduler: gsi1pk is
// DUE#<kind>, gsi1sk is <sortable due time>#<id>. Items leave the index by
// removing both attributes when the work is done.
// Webhooks use two kinds: DUE#webhook (a pending delivery: its next
// attempt, or the time its queued message counts as lost) and
// DUE#webhook_health (a failing endpoint: its warning or disable check).
// Billing uses DUE#card_check (a trial whose card is not checked yet) and
// DUE#site_removal (a Studio site to archive at removes_at); the dev
// stack's simulated processor uses DUE#simpay_renewal (a period end).
//
// GSI2 (gsi2pk, gsi2sk) is for lookups by an attribute other than the
// account, added by features that need one.

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

// DeliverySK is the sort key of the delivery of one event to an endpoint.
func DeliverySK(eventID string) string { return "DLV#" + eventID }

// AttemptPrefix begins every delivery attempt sort key.
const AttemptPrefix = "ATT#"

// BillingSK is the sort key of an account's billing record.
const BillingSK = "BILLING"

// CreditsSK is the sort key of a site's credit balances under its account.
func CreditsSK(siteID string) string { return "CREDITS#" + siteID }

// CreditsPrefix begins every credit balance sort key.
const CreditsPrefix = "CREDITS#"

// RemovalSK is the sort key of a Studio site's scheduled removal.
func RemovalSK(siteID string) string { return "REMOVAL#" + siteID }

// PaymentEventsPK is the partition of the processor events applied to an
// account.
func PaymentEventsPK(accountID string) string { return "ACCT#" + accountID + "#PAYEVT" }

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
