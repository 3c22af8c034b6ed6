// Package sites owns the account's sites (spec 2 Site, 4.5): the primary
// site created with the account and the paid Studio sites, their brand and
// writing settings, and the rule that says whether a site is usable.
package sites

import (
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Kinds of site.
const (
	KindPrimary = "primary"
	KindStudio  = "studio"
)

// Site statuses.
const (
	StatusPending  = "pending"
	StatusActive   = "active"
	StatusArchived = "archived"
)

// Scan statuses a site shows.
const (
	ScanQueued    = "queued"
	ScanRunning   = "running"
	ScanCompleted = "completed"
	ScanFailed    = "failed"
)

// Writing holds the settings that feed every article written for a site.
type Writing struct {
	Tone         *string `json:"tone" dynamodbav:"tone"`
	WritingStyle *string `json:"writing_style" dynamodbav:"writing_style"`
	Audience     *string `json:"audience" dynamodbav:"audience"`
	BrandVoice   *string `json:"brand_voice" dynamodbav:"brand_voice"`
}

// Site is a site as the API shows it.
type Site struct {
	ID                 string  `json:"id" dynamodbav:"id"`
	Kind               string  `json:"kind" dynamodbav:"kind"`
	Status             string  `json:"status" dynamodbav:"status"`
	BrandName          *string `json:"brand_name" dynamodbav:"brand_name"`
	WebsiteURL         *string `json:"website_url" dynamodbav:"website_url"`
	ProductDescription *string `json:"product_description" dynamodbav:"product_description"`
	AvatarURL          *string `json:"avatar_url" dynamodbav:"avatar_url"`
	Writing            Writing `json:"writing" dynamodbav:"writing"`
	ScanStatus         string  `json:"scan_status" dynamodbav:"scan_status"`
	BilledFrom         *string `json:"billed_from" dynamodbav:"billed_from"`
	RemovesAt          *string `json:"removes_at" dynamodbav:"removes_at"`
	ArchivedAt         *string `json:"archived_at" dynamodbav:"archived_at"`
	DashboardURL       string  `json:"dashboard_url" dynamodbav:"dashboard_url"`
	CreatedAt          string  `json:"created_at" dynamodbav:"created_at"`
	// RemovedBy says who scheduled removes_at: empty for a removal asked
	// for the site itself (DELETE), RemovedBySubscription for one that
	// follows the subscription's scheduled end, which resuming the
	// subscription undoes.
	RemovedBy string `json:"-" dynamodbav:"removed_by,omitempty"`
}

// RemovedBySubscription marks a Studio site's removal that follows the
// subscription's cancellation at the period's end (see Site.RemovedBy).
const RemovedBySubscription = "subscription"

// Usable reports whether the site is usable at now (spec 2): active, and
// its removal, if scheduled, still in the future.
func (s Site) Usable(now time.Time) bool {
	if s.Status != StatusActive {
		return false
	}
	if s.RemovesAt == nil {
		return true
	}
	t, err := clock.Parse(*s.RemovesAt)
	return err == nil && t.After(now)
}

// AwaitsFirstCharge reports whether the site is a Studio site added while
// its first charge waits (status pending, billed_from null): it has never
// run, so it has no history to read either. A restore waiting for its
// charge is pending too, but the site ran and was billed before.
func (s Site) AwaitsFirstCharge() bool {
	return s.Status == StatusPending && s.BilledFrom == nil
}

// Item is a site as stored under its account. UserSet names the brand fields
// the user set, which a rescan keeps.
type Item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Site
	AccountID string   `dynamodbav:"account_id"`
	UserSet   []string `dynamodbav:"user_set,stringset,omitempty"`
}

// NewPrimary returns the primary site item of a new account. Brand fields
// given by the creator count as set by the user.
func NewPrimary(accountID, id, websiteURL string, brandName, description *string, dashboardURL string, now time.Time) Item {
	it := Item{
		PK: dynamo.AccountPK(accountID), SK: dynamo.SiteSK(id), AccountID: accountID,
		Site: Site{
			ID: id, Kind: KindPrimary, Status: StatusActive, WebsiteURL: &websiteURL,
			BrandName: brandName, ProductDescription: description, ScanStatus: ScanQueued,
			DashboardURL: dashboardURL + "/sites/" + id, CreatedAt: clock.Format(now),
		},
	}
	if brandName != nil {
		it.UserSet = append(it.UserSet, "brand_name")
	}
	if description != nil {
		it.UserSet = append(it.UserSet, "product_description")
	}
	return it
}
