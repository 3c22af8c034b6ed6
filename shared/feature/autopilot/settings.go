// Package autopilot writes a site's scheduled articles on its own, at the
// pace the site sets (spec 4.2 autopilot, 6): a weekly cadence of 1 to 14
// articles spread over chosen days of the week at one time of day (UTC).
// At each due slot a scheduled task starts the generation of the next
// scheduled articles (oldest scheduled_for first, spending credits like
// the API, trigger autopilot), or records autopilot.queue_empty when
// nothing is scheduled. A slot whose account has no working trial or plan,
// or whose site is not usable, passes without writing.
package autopilot

import (
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Defaults of a site that never set its autopilot.
const (
	DefaultCadence   = 3
	DefaultTimeOfDay = "09:00"
)

// Bounds of the weekly cadence.
const (
	MinCadence = 1
	MaxCadence = 14
	// MaxDays bounds the days list (names may repeat; duplicates are dropped).
	MaxDays = 14
)

// Days are the days of the week as settings name them, Monday first.
var Days = []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}

// Settings are a site's autopilot settings as the API shows them.
type Settings struct {
	SiteID  string `json:"site_id" dynamodbav:"site_id"`
	Enabled bool   `json:"enabled" dynamodbav:"enabled"`
	// WeeklyCadence is how many articles a week the autopilot writes.
	WeeklyCadence int `json:"weekly_cadence" dynamodbav:"weekly_cadence"`
	// Days are the days it writes on, Monday first.
	Days []string `json:"days" dynamodbav:"days"`
	// TimeOfDay is when it writes on those days, "HH:MM" UTC.
	TimeOfDay string `json:"time_of_day" dynamodbav:"time_of_day"`
	// NextRunAt is the next slot while enabled, else null.
	NextRunAt *string `json:"next_run_at" dynamodbav:"next_run_at"`
	// NextRunArticles is how many articles that slot writes (0 when off).
	NextRunArticles int     `json:"next_run_articles" dynamodbav:"next_run_articles"`
	LastRunAt       *string `json:"last_run_at" dynamodbav:"last_run_at"`
	// LastSlotAt is the last slot that started writing (stored, not
	// shown): a change of settings never puts another slot on its day.
	LastSlotAt *string `json:"-" dynamodbav:"last_slot_at,omitempty"`
	// ScheduledArticles counts the scheduled articles waiting for the
	// autopilot now (those without a body: the queue it writes from).
	ScheduledArticles int     `json:"scheduled_articles" dynamodbav:"-"`
	UpdatedAt         *string `json:"updated_at" dynamodbav:"updated_at"`
}

// defaults returns the settings of a site that never set them.
func defaults(siteID string) Settings {
	return Settings{SiteID: siteID, WeeklyCadence: DefaultCadence, Days: append([]string(nil), Days...), TimeOfDay: DefaultTimeOfDay}
}

// dueKind is the due-work kind of enabled autopilots.
const dueKind = "autopilot"

// item is a site's settings as stored under its account; while enabled,
// GSI1 DUE#autopilot lists it at next_run_at.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Settings
	AccountID string `dynamodbav:"account_id"`
	GSI1PK    string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK    string `dynamodbav:"gsi1sk,omitempty"`
}

func newItem(accountID string, s Settings) item {
	it := item{PK: dynamo.AccountPK(accountID), SK: dynamo.AutopilotSK(s.SiteID), Settings: s, AccountID: accountID}
	if s.Enabled && s.NextRunAt != nil {
		if t, err := clock.Parse(*s.NextRunAt); err == nil {
			it.GSI1PK = dynamo.DuePK(dueKind)
			it.GSI1SK = dynamo.TimeKey(clock.SortKey(t), accountID+"#"+s.SiteID)
		}
	}
	return it
}
