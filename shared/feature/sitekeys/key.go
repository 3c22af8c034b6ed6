package sitekeys

import (
	"time"

	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
)

// SiteKey is a site key as the agent API shows it. Key, the secret, is set
// only in the response that creates it.
type SiteKey struct {
	ID     string  `json:"id"`
	SiteID string  `json:"site_id"`
	Name   *string `json:"name"`
	// Prefix is the first 14 characters of the key plus an ellipsis.
	Prefix     string     `json:"prefix"`
	Key        string     `json:"key,omitempty"`
	CreatedAt  string     `json:"created_at"`
	CreatedBy  auth.Actor `json:"created_by"`
	LastUsedAt *string    `json:"last_used_at"`
	// Idle is true when the key has had no request for IdleAfter (counted
	// from its creation when it was never used).
	Idle bool `json:"idle"`
}

// record is a site key as stored under its site.
type record struct {
	PK         string     `dynamodbav:"pk"`
	SK         string     `dynamodbav:"sk"`
	ID         string     `dynamodbav:"id"`
	AccountID  string     `dynamodbav:"account_id"`
	SiteID     string     `dynamodbav:"site_id"`
	Name       *string    `dynamodbav:"name"`
	Prefix     string     `dynamodbav:"prefix"`
	Hash       string     `dynamodbav:"hash"`
	CreatedAt  string     `dynamodbav:"created_at"`
	CreatedBy  auth.Actor `dynamodbav:"created_by"`
	LastUsedAt *string    `dynamodbav:"last_used_at"`
}

// view renders the record as shown at now.
func (r record) view(now time.Time) SiteKey {
	k := SiteKey{
		ID: r.ID, SiteID: r.SiteID, Name: r.Name, Prefix: r.Prefix,
		CreatedAt: r.CreatedAt, CreatedBy: r.CreatedBy, LastUsedAt: r.LastUsedAt,
	}
	last := r.CreatedAt
	if r.LastUsedAt != nil {
		last = *r.LastUsedAt
	}
	if t, err := clock.Parse(last); err == nil {
		k.Idle = now.Sub(t) >= IdleAfter
	}
	return k
}

// lookup is the item one GetItem reads to authenticate a request.
type lookup struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	SiteID    string `dynamodbav:"site_id"`
	KeyID     string `dynamodbav:"key_id"`
	Prefix    string `dynamodbav:"prefix"`
	TouchedAt int64  `dynamodbav:"touched_at"`
}

// Holder is whom an accepted site key belongs to.
type Holder struct {
	AccountID string
	SiteID    string
	KeyID     string
	// Prefix identifies the key in logs and the activity log.
	Prefix string
}
