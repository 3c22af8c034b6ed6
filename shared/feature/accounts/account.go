// Package accounts owns accounts (spec 2 Account, 4.3): creation by an agent
// together with the primary site, the first agent key and the first scan;
// the owner's claim through an emailed single-use link; and the rule that
// only the signed-in owner may delete an account (package erasure does it).
package accounts

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Billing statuses (owned by billing; an account starts with none).
const BillingNone = "none"

// CreatedByAgent describes the agent that created an account.
type CreatedByAgent struct {
	Name       string  `json:"name" dynamodbav:"name"`
	Operator   *string `json:"operator" dynamodbav:"operator"`
	ContactURL *string `json:"contact_url" dynamodbav:"contact_url"`
}

// Account is an account as the API shows it.
type Account struct {
	ID             string          `json:"id" dynamodbav:"id"`
	Email          string          `json:"email" dynamodbav:"email"`
	Claimed        bool            `json:"claimed" dynamodbav:"claimed"`
	ClaimedAt      *string         `json:"claimed_at" dynamodbav:"claimed_at"`
	CreatedAt      string          `json:"created_at" dynamodbav:"created_at"`
	CreatedByAgent *CreatedByAgent `json:"created_by_agent" dynamodbav:"created_by_agent"`
	PrimarySiteID  string          `json:"primary_site_id" dynamodbav:"primary_site_id"`
	BillingStatus  string          `json:"billing_status" dynamodbav:"billing_status"`
}

// item is the stored account.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Account
	CredentialCount int `dynamodbav:"credential_count"`
	// DeletedAt marks a deleted account's tombstone: the item without its
	// owner's data, kept TombstoneLifetime so work still running for the
	// account finds it gone (credentials.LiveAccount conditions on it).
	DeletedAt *string `dynamodbav:"deleted_at,omitempty"` // credentials.DeletedAttribute
	TTL       int64   `dynamodbav:"ttl,omitempty"`
}

// TombstoneLifetime is how long a deleted account's tombstone stays.
const TombstoneLifetime = 30 * 24 * time.Hour

// Delete adds to tx the end of account a: its item becomes a tombstone
// without the owner's data (on the condition that it exists and was not
// deleted yet: a lost race fails the item "account"), and its email address
// is released for a new account.
func Delete(tx *dynamo.Tx, a Account, now time.Time) {
	pk, sk := accountKey(a.ID)
	tx.Put("account", item{
		PK: pk, SK: sk, Account: Account{ID: a.ID, BillingStatus: BillingNone},
		DeletedAt: aws.String(clock.Format(now)), TTL: now.Add(TombstoneLifetime).Unix(),
	}, LiveCondition, nil)
	tx.Delete("email", emailPK(a.Email), dynamo.EmailSK, "")
}

// CheckLive adds to tx the condition, named "account", that account id
// exists and is not deleted (its item is no tombstone), for a transaction
// that must not write for a deleted account and does not write the
// account's item itself.
func CheckLive(tx *dynamo.Tx, id string) {
	pk, sk := accountKey(id)
	tx.Check("account", pk, sk, LiveCondition, nil)
}

// LiveCondition is the condition expression that holds on the item of an
// account that exists and is not deleted (credentials.LiveAccount, as a string condition).
const LiveCondition = "attribute_exists(pk) AND attribute_not_exists(" + credentials.DeletedAttribute + ")"

// emailItem reserves an email address for one account; it is written in the
// same transaction as the account, which makes emails unique.
type emailItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
}

func accountKey(id string) (string, string) { return dynamo.AccountPK(id), dynamo.AccountSK }
