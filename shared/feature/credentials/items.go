package credentials

import (
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// AgentKey is an agent key or OAuth connection as the API shows it (spec 2).
// Key is set only in the response that creates it.
type AgentKey struct {
	ID         string  `json:"id" dynamodbav:"id"`
	Type       string  `json:"type" dynamodbav:"type"`
	Name       string  `json:"name" dynamodbav:"name"`
	Key        string  `json:"key,omitempty" dynamodbav:"-"`
	Prefix     *string `json:"prefix" dynamodbav:"prefix"`
	ClientID   *string `json:"client_id" dynamodbav:"client_id"`
	Operator   *string `json:"operator" dynamodbav:"operator"`
	ContactURL *string `json:"contact_url" dynamodbav:"contact_url"`
	CreatedAt  string  `json:"created_at" dynamodbav:"created_at"`
	LastUsedAt *string `json:"last_used_at" dynamodbav:"last_used_at"`
}

// Public returns the key without its secret, as events and lists show it.
func (k AgentKey) Public() AgentKey {
	k.Key = ""
	return k
}

// item is a credential under its account.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	AgentKey
	AccountID string `dynamodbav:"account_id"`
	Hash      string `dynamodbav:"hash"`
	// Owned counts the writes that gave the credential something its
	// revocation changes (see Own); a revocation holds only if it did not
	// move since the revocation read what the credential owns.
	Owned int64 `dynamodbav:"owned,omitempty"`
	// RefreshHash is the hash of an app connection's current refresh
	// token (RefreshHashAttribute), whose item goes with the connection.
	RefreshHash string `dynamodbav:"refresh_hash,omitempty"`
}

// lookup is the item one GetItem reads to authenticate a request.
type lookup struct {
	PK           string `dynamodbav:"pk"`
	SK           string `dynamodbav:"sk"`
	AccountID    string `dynamodbav:"account_id"`
	CredentialID string `dynamodbav:"credential_id"`
	Type         string `dynamodbav:"type"`
	Name         string `dynamodbav:"name"`
	TouchedAt    int64  `dynamodbav:"touched_at"`
}

// Spec describes a credential to create.
type Spec struct {
	Type       string
	Name       string
	Operator   *string
	ContactURL *string
	ClientID   *string
}

// Put adds the items of a new credential with hash to tx: the credential
// under its account and its lookup item. It returns the credential as shown.
func Put(tx *dynamo.Tx, accountID, id, hash string, s Spec, prefix *string, now time.Time) AgentKey {
	k := AgentKey{
		ID: id, Type: s.Type, Name: s.Name, Prefix: prefix, ClientID: s.ClientID,
		Operator: s.Operator, ContactURL: s.ContactURL, CreatedAt: clock.Format(now),
	}
	tx.PutNew("credential", item{PK: dynamo.AccountPK(accountID), SK: dynamo.CredentialSK(id), AgentKey: k, AccountID: accountID, Hash: hash})
	tx.PutNew("credential_lookup", lookup{
		PK: dynamo.CredentialHashPK(hash), SK: dynamo.CredentialHashSK,
		AccountID: accountID, CredentialID: id, Type: s.Type, Name: s.Name,
	})
	return k
}
