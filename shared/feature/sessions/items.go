package sessions

import (
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// linkItem is an emailed sign-in link, found by the hash of its token.
type linkItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	Email     string `dynamodbav:"email"`
	Next      string `dynamodbav:"next"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
	TTL       int64  `dynamodbav:"ttl"`
	// UsedAt (Unix seconds) marks a used link, and UsedBy is the hash of
	// the browser binding whose Sign in used it (see Service.RedeemIn).
	UsedAt int64  `dynamodbav:"used_at,omitempty"`
	UsedBy string `dynamodbav:"used_by,omitempty"`
}

// sessionItem is a session, found by the hash of its cookie's secret.
type sessionItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	Email     string `dynamodbav:"email"`
	CreatedAt int64  `dynamodbav:"created_at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
	TTL       int64  `dynamodbav:"ttl"`
}

// indexItem lists a session under its account, so deleting the account can
// end every session of it.
type indexItem struct {
	PK  string `dynamodbav:"pk"`
	SK  string `dynamodbav:"sk"`
	TTL int64  `dynamodbav:"ttl"`
}

func newIndexItem(hash, accountID string, now time.Time) indexItem {
	return indexItem{PK: dynamo.AccountPK(accountID), SK: dynamo.SessionIndexSK(hash), TTL: now.Add(Lifetime + 24*time.Hour).Unix()}
}

func newLinkItem(hash, accountID, email, next string, now time.Time) linkItem {
	exp := clock.EndSecond(now.Add(LinkLifetime)) // the whole LinkLifetime
	return linkItem{
		PK: dynamo.SignInPK(hash), SK: dynamo.SignInSK, AccountID: accountID, Email: email, Next: next,
		ExpiresAt: exp.Unix(), TTL: exp.Add(24 * time.Hour).Unix(),
	}
}

// putLink adds to tx sign-in link l, with the index item that lets the
// deletion of its account delete it.
func putLink(tx *dynamo.Tx, l linkItem) {
	tx.PutNew("link", l)
	dynamo.PutLinkIndex(tx, l.AccountID, l.PK, l.SK, l.TTL)
}

func newSessionItem(hash, accountID, email string, now time.Time) sessionItem {
	exp := now.Add(Lifetime)
	return sessionItem{
		PK: dynamo.SessionPK(hash), SK: dynamo.SessionSK, AccountID: accountID, Email: email,
		CreatedAt: now.Unix(), ExpiresAt: exp.Unix(), TTL: exp.Add(24 * time.Hour).Unix(),
	}
}

// live reports whether an item expiring at unix second exp still works at now.
func live(exp int64, now time.Time) bool { return now.Unix() < exp }
