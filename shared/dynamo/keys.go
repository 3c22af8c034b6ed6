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
// | job                   | ACCT#<id>             | JOB#<uuidv7>             | get one job; list newest first                   |
// | event                 | ACCT#<id>#EVENTS      | <sortable time>#<id>     | the events feed, oldest first, 30-day TTL        |
// | activity              | ACCT#<id>#ACTIVITY    | <sortable time>#<id>     | the activity log, newest first, 365-day TTL      |
// | idempotency record    | ACCT#<id>#IDEM        | <sha256 of key>          | replay a POST; TTL 24 h                          |
// | counter               | COUNT#<scope>         | <window>                 | rate limits and daily quotas (atomic ADD, TTL)   |
// | dev mail              | DEVMAIL#<lowercased>  | <sortable time>#<id>     | the dev harness's outbox                         |
// | dev setting           | DEV#<name>            | DEV                      | the dev clock offset, host overrides, DNS        |
//
// GSI1 (gsi1pk, gsi1sk) lists due work for the scheduler: gsi1pk is
// DUE#<kind>, gsi1sk is <sortable due time>#<id>. Items leave the index by
// removing both attributes when the work is done.
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

// JobSK is the sort key of a job under its account.
func JobSK(id string) string { return "JOB#" + id }

// JobPrefix begins every job sort key.
const JobPrefix = "JOB#"

// EventsPK is the partition of an account's events.
func EventsPK(accountID string) string { return "ACCT#" + accountID + "#EVENTS" }

// ActivityPK is the partition of an account's activity log.
func ActivityPK(accountID string) string { return "ACCT#" + accountID + "#ACTIVITY" }

// IdempotencyPK is the partition of idempotency records in one scope (an
// account id, or "anon" for unauthenticated calls).
func IdempotencyPK(scope string) string { return "ACCT#" + scope + "#IDEM" }

// CounterPK is the partition of a counter such as a rate-limit window.
func CounterPK(scope string) string { return "COUNT#" + scope }

// DevMailPK is the partition of the dev outbox for one recipient.
func DevMailPK(to string) string { return "DEVMAIL#" + strings.ToLower(to) }

// DevSettingPK is the partition of one dev-stack setting.
func DevSettingPK(name string) string { return "DEV#" + name }

// DevSettingSK is the sort key of a dev-stack setting.
const DevSettingSK = "DEV"

// DuePK is the GSI1 partition of work of one kind waiting for the scheduler.
func DuePK(kind string) string { return "DUE#" + kind }

// TimeKey joins a sortable time and an id into a sort key.
func TimeKey(sortableTime, id string) string { return sortableTime + "#" + id }
