// Package integrations pushes a site's finished articles to the two
// publishing platforms the spec calls push_platform_1 and push_platform_2
// (agent-api.md 4.2, 6). For each site and platform it keeps one
// integration: its status (not_connected, connected, error), the
// platform's site address and API token (sealed with a key derived from
// the service's secret), the push settings, the last sync and the last
// error.
//
// Connecting is done by the owner: POST .../connect returns a connect_url,
// a page of this service where the owner enters the platform site's
// address and an API token; the service checks them with a test call
// through the egress client before it stores them (integration.connected).
// A sync job pushes every finished article that the connection has not
// pushed yet, or whose pushed content changed (a content hash per article
// and connection), and records article.published or
// article.publish_failed for each; a failing push puts the integration in
// status error (integration.error). push_platform_2 is an add-on of the
// paid plan: other accounts get integration_unavailable.
package integrations

import (
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/platform/pushapi"
)

// The platforms (integration ids).
const (
	Platform1 = "push_platform_1"
	Platform2 = "push_platform_2"
)

// Statuses of an integration.
const (
	StatusNotConnected = "not_connected"
	StatusConnected    = "connected"
	StatusError        = "error"
)

// What a platform needs of the account.
const (
	RequiresTrialOrPlan = "trial_or_plan"
	RequiresPaidPlan    = "paid_plan"
)

// Default statuses of pushed articles on the platform.
const (
	PushDraft   = pushapi.StatusDraft
	PushPublish = pushapi.StatusPublish
)

// Settings configure what a push sends.
type Settings struct {
	// DefaultStatus is how pushed articles arrive: draft or publish.
	DefaultStatus string `json:"default_status" dynamodbav:"default_status"`
	// Category and Author are ids of the platform's categories and
	// authors (see setup), or null for the platform's default.
	Category *string `json:"category" dynamodbav:"category"`
	Author   *string `json:"author" dynamodbav:"author"`
}

// DefaultSettings are an integration's settings until configured.
var DefaultSettings = Settings{DefaultStatus: PushDraft}

// Integration is a site's integration with one platform as the API shows
// it.
type Integration struct {
	ID     string `json:"id"`
	SiteID string `json:"site_id"`
	Status string `json:"status"`
	// Available is false when the account may not use the platform
	// (Requires says what it needs).
	Available bool   `json:"available"`
	Requires  string `json:"requires"`
	// SiteURL is the platform site's address, and RemoteName its name
	// as the platform reported it, once connected.
	SiteURL     *string  `json:"site_url"`
	RemoteName  *string  `json:"remote_site_name"`
	Settings    Settings `json:"settings"`
	ConnectedAt *string  `json:"connected_at"`
	LastSyncAt  *string  `json:"last_sync_at"`
	LastError   *string  `json:"last_error"`
	LastErrorAt *string  `json:"last_error_at"`
	// Setup is shown by GET .../integrations/{integration_id} only.
	Setup *Setup `json:"setup,omitempty"`
}

// Setup lists what connecting and configuring take.
type Setup struct {
	// Connect says how to connect: the owner opens the connect_url of
	// POST .../connect and enters these fields.
	Connect         string         `json:"connect"`
	ConnectFields   []ConnectField `json:"connect_fields"`
	DefaultStatuses []string       `json:"default_statuses"`
	// Categories and Authors are the platform site's, read when it was
	// connected; empty before.
	Categories []pushapi.Option `json:"categories"`
	Authors    []pushapi.Option `json:"authors"`
}

// ConnectField is one field of the connect page.
type ConnectField struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Help  string `json:"help"`
}

// record is an integration as stored under its site. A site without a
// record for a platform shows it not connected with default settings.
type record struct {
	PK           string           `dynamodbav:"pk"`
	SK           string           `dynamodbav:"sk"`
	AccountID    string           `dynamodbav:"account_id"`
	SiteID       string           `dynamodbav:"site_id"`
	Platform     string           `dynamodbav:"platform"`
	Status       string           `dynamodbav:"status"`
	ConnectionID string           `dynamodbav:"connection_id"`
	SiteURL      *string          `dynamodbav:"site_url"`
	SealedToken  string           `dynamodbav:"sealed_token"`
	RemoteName   *string          `dynamodbav:"remote_name"`
	Categories   []pushapi.Option `dynamodbav:"categories"`
	Authors      []pushapi.Option `dynamodbav:"authors"`
	Settings     Settings         `dynamodbav:"settings"`
	ConnectedAt  *string          `dynamodbav:"connected_at"`
	LastSyncAt   *string          `dynamodbav:"last_sync_at"`
	LastError    *string          `dynamodbav:"last_error"`
	LastErrorAt  *string          `dynamodbav:"last_error_at"`
	// Version counts writes; every write is conditional on it.
	Version int64 `dynamodbav:"version"`
}

// connected reports whether the record holds a connection.
func (r record) connected() bool { return r.Status != StatusNotConnected && r.ConnectionID != "" }

// view renders the record; available says whether the account may use
// the platform.
func (r record) view(available bool) Integration {
	return Integration{
		ID: r.Platform, SiteID: r.SiteID, Status: r.Status, Available: available, Requires: requirement(r.Platform),
		SiteURL: r.SiteURL, RemoteName: r.RemoteName, Settings: r.Settings, ConnectedAt: r.ConnectedAt,
		LastSyncAt: r.LastSyncAt, LastError: r.LastError, LastErrorAt: r.LastErrorAt,
	}
}

// emptyRecord is the record of a platform never connected on site.
func emptyRecord(accountID string, site sites.Site, platform string) record {
	return record{AccountID: accountID, SiteID: site.ID, Platform: platform, Status: StatusNotConnected, Settings: DefaultSettings}
}

// requirement says what the account needs to use platform.
func requirement(platform string) string {
	if platform == Platform2 {
		return RequiresPaidPlan
	}
	return RequiresTrialOrPlan
}
