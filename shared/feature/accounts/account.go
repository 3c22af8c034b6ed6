// Package accounts owns accounts (spec 2 Account, 4.3): creation by an agent
// together with the primary site, the first agent key and the first scan;
// the owner's claim through an emailed single-use link; and the rule that
// only the signed-in owner may delete an account.
package accounts

import (
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
}

// emailItem reserves an email address for one account; it is written in the
// same transaction as the account, which makes emails unique.
type emailItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
}

func accountKey(id string) (string, string) { return dynamo.AccountPK(id), dynamo.AccountSK }
