package forum

import (
	"context"
	"errors"
	"strings"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// Settings is a site's forum presence settings as the API shows them
// (spec 2 Forum presence settings).
type Settings struct {
	SiteID           string         `json:"site_id"`
	Access           string         `json:"access"`
	Enabled          bool           `json:"enabled"`
	SweepEnabled     bool           `json:"sweep_enabled"`
	Niche            *string        `json:"niche"`
	TopicTags        []string       `json:"topic_tags"`
	DisclosureLine   string         `json:"disclosure_line"`
	Tone             string         `json:"tone"`
	MaxLinksPerReply int            `json:"max_links_per_reply"`
	AllowSubforums   []string       `json:"allow_subforums"`
	DenySubforums    []string       `json:"deny_subforums"`
	KeywordsPerSweep int            `json:"keywords_per_sweep"`
	LastSweepAt      *string        `json:"last_sweep_at"`
	Credits          SettingsCredit `json:"credits"`
}

// SettingsCredit is the site's forum reply credits this period.
type SettingsCredit struct {
	Balance   int     `json:"balance"`
	PeriodEnd *string `json:"period_end"`
}

// settingsItem is a site's stored settings, with the sweep lock (the job of
// the sweep running now and when its lock lapses) and, while automatic
// sweeps are on, the GSI1 entry of the next one. Version grows with every
// write.
type settingsItem struct {
	PK               string   `dynamodbav:"pk"`
	SK               string   `dynamodbav:"sk"`
	AccountID        string   `dynamodbav:"account_id"`
	SiteID           string   `dynamodbav:"site_id"`
	Enabled          bool     `dynamodbav:"enabled"`
	SweepEnabled     bool     `dynamodbav:"sweep_enabled"`
	Niche            *string  `dynamodbav:"niche"`
	TopicTags        []string `dynamodbav:"topic_tags"`
	Disclosure       *string  `dynamodbav:"disclosure_line"`
	Tone             *string  `dynamodbav:"tone"`
	MaxLinksPerReply int      `dynamodbav:"max_links_per_reply"`
	AllowSubforums   []string `dynamodbav:"allow_subforums"`
	DenySubforums    []string `dynamodbav:"deny_subforums"`
	KeywordsPerSweep int      `dynamodbav:"keywords_per_sweep"`
	LastSweepAt      *string  `dynamodbav:"last_sweep_at"`
	SweepJobID       string   `dynamodbav:"sweep_job_id,omitempty"`
	SweepUntil       string   `dynamodbav:"sweep_until,omitempty"`
	Version          int64    `dynamodbav:"version"`
	GSI1PK           string   `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK           string   `dynamodbav:"gsi1sk,omitempty"`
}

// defaultSettings are the settings of a site that never changed them.
func defaultSettings(accountID, siteID string) settingsItem {
	return settingsItem{
		PK: dynamo.SitePK(siteID), SK: dynamo.ForumSettingsSK, AccountID: accountID, SiteID: siteID,
		TopicTags: []string{}, AllowSubforums: []string{}, DenySubforums: []string{},
		KeywordsPerSweep: DefaultKeywordsPerSweep,
	}
}

// disclosure is the disclosure line as set, the default when not.
func (it settingsItem) disclosure() string {
	if it.Disclosure != nil && *it.Disclosure != "" {
		return *it.Disclosure
	}
	return DefaultDisclosure
}

// tone is the tone as set, plain when not.
func (it settingsItem) tone() string {
	if it.Tone != nil && *it.Tone != "" {
		return *it.Tone
	}
	return DefaultTone
}

// disclosureFor returns the disclosure line with the brand filled in.
func (it settingsItem) disclosureFor(brand string) string {
	return strings.ReplaceAll(it.disclosure(), BrandToken, brand)
}

// view renders the settings without access and credits.
func (it settingsItem) view() Settings {
	return Settings{
		SiteID: it.SiteID, Enabled: it.Enabled, SweepEnabled: it.SweepEnabled, Niche: it.Niche,
		TopicTags: nonNil(it.TopicTags), DisclosureLine: it.disclosure(), Tone: it.tone(),
		MaxLinksPerReply: it.MaxLinksPerReply, AllowSubforums: nonNil(it.AllowSubforums),
		DenySubforums: nonNil(it.DenySubforums), KeywordsPerSweep: it.KeywordsPerSweep, LastSweepAt: it.LastSweepAt,
	}
}

// denies reports whether the settings keep replies out of subforum.
func (it settingsItem) denies(subforum string) bool {
	for _, d := range it.DenySubforums {
		if strings.EqualFold(d, subforum) {
			return true
		}
	}
	if len(it.AllowSubforums) == 0 {
		return false
	}
	for _, a := range it.AllowSubforums {
		if strings.EqualFold(a, subforum) {
			return false
		}
	}
	return true
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// loadSettings returns the stored settings of the site, or the defaults.
func (s *Service) loadSettings(ctx context.Context, accountID, siteID string) (settingsItem, bool, error) {
	var it settingsItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.ForumSettingsSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return defaultSettings(accountID, siteID), false, nil
	}
	if err != nil {
		return settingsItem{}, false, apperr.Wrap("forum.settings", err)
	}
	if it.KeywordsPerSweep == 0 {
		it.KeywordsPerSweep = DefaultKeywordsPerSweep
	}
	return it, true, nil
}
