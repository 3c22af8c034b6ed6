// Package credits keeps each site's credit balances for the current billing
// period (spec 3, 6, 8): articles, backlink credits and forum replies. A
// spend is a conditional write in the same transaction as the effect it
// pays for, so a balance never goes below zero and concurrent spends never
// take the same credit twice. Balances are granted again at each new period
// (credits.reset); falling to LowMark (credits.low, once per kind and
// period) and reaching zero (credits.exhausted) are reported as events.
package credits

import (
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
)

// Kind is a kind of credit, as events and the credits endpoint name it.
type Kind string

// The kinds of credit.
const (
	Articles        Kind = "articles"
	BacklinkCredits Kind = "backlink_credits"
	ForumReplies    Kind = "forum_replies"
)

// Kinds lists every kind in display order.
var Kinds = []Kind{Articles, BacklinkCredits, ForumReplies}

// LowMark is the balance at which credits.low fires (spec 6).
const LowMark = 3

// warnsLow reports whether kind reports credits.low: article and forum
// reply credits do (spec 6); backlink credits, an exchange currency, do not.
func warnsLow(k Kind) bool { return k == Articles || k == ForumReplies }

// Allowance is what a site is granted for one period.
type Allowance struct {
	Articles        int `json:"articles"`
	BacklinkCredits int `json:"backlink_credits"`
	ForumReplies    int `json:"forum_replies"`
}

// Of returns the allowance of kind.
func (a Allowance) Of(k Kind) int {
	switch k {
	case Articles:
		return a.Articles
	case BacklinkCredits:
		return a.BacklinkCredits
	case ForumReplies:
		return a.ForumReplies
	}
	return 0
}

// The allowances per period (spec 8, and our choice where it is silent).
var (
	// TrialAllowance is the primary site's during the free trial: a taste
	// of writing; backlinks and forum presence need a paid plan anyway.
	TrialAllowance = Allowance{Articles: 5}
	// PlanAllowance is the primary site's on the paid plan: its article
	// balance resets to 30 on activation and at every renewal.
	PlanAllowance = Allowance{Articles: 30, BacklinkCredits: 30, ForumReplies: 30}
	// StudioAllowance is a Studio site's (spec 8: 15 of each).
	StudioAllowance = Allowance{Articles: 15, BacklinkCredits: 15, ForumReplies: 15}
)

// Balance is one kind's balance and the period's allowance.
type Balance struct {
	Balance   int `json:"balance"`
	Allowance int `json:"allowance"`
}

// Credits is a site's balances as GET /sites/{site_id}/credits shows them.
type Credits struct {
	SiteID          string  `json:"site_id"`
	PeriodStart     *string `json:"period_start"`
	PeriodEnd       *string `json:"period_end"`
	Articles        Balance `json:"articles"`
	BacklinkCredits Balance `json:"backlink_credits"`
	ForumReplies    Balance `json:"forum_replies"`
}

// item is a site's stored balances: one attribute per kind for balance,
// allowance and "credits.low already sent this period".
type item struct {
	PK                 string `dynamodbav:"pk"`
	SK                 string `dynamodbav:"sk"`
	AccountID          string `dynamodbav:"account_id"`
	SiteID             string `dynamodbav:"site_id"`
	PeriodStart        string `dynamodbav:"period_start"`
	PeriodEnd          string `dynamodbav:"period_end"`
	BalArticles        int    `dynamodbav:"bal_articles"`
	BalBacklinkCredits int    `dynamodbav:"bal_backlink_credits"`
	BalForumReplies    int    `dynamodbav:"bal_forum_replies"`
	AlwArticles        int    `dynamodbav:"alw_articles"`
	AlwBacklinkCredits int    `dynamodbav:"alw_backlink_credits"`
	AlwForumReplies    int    `dynamodbav:"alw_forum_replies"`
	LowArticles        bool   `dynamodbav:"low_articles"`
	LowForumReplies    bool   `dynamodbav:"low_forum_replies"`
	// PeriodKey tells this grant's period from every other one (see
	// periodKey); empty on balances granted before periods had keys.
	PeriodKey string `dynamodbav:"period_key,omitempty"`
	// RolledFrom is, on balances a roll granted (see roll), the end of the
	// period whose balances it replaced: the periods between it and
	// PeriodStart went by before the processor reported them, and
	// recorded no credits.reset (see Skipped).
	RolledFrom string `dynamodbav:"rolled_from,omitempty"`
}

// periodKey identifies the period of the balances, as Spent.PeriodStart
// carries it: two grants never share one, even when their periods start in
// the same second (a trial activated at once), so credits refunded to a
// period never land in a later one. A balance granted before periods had
// keys is identified by its start.
func (it item) periodKey() string {
	if it.PeriodKey != "" {
		return it.PeriodKey
	}
	return it.PeriodStart
}

// samePeriod is the condition that the stored balances are still those of
// the period of it, whose key is the value ":period".
func (it item) samePeriod() string {
	if it.PeriodKey != "" {
		return "period_key = :period"
	}
	return "period_start = :period AND attribute_not_exists(period_key)"
}

// newPeriodKey returns a key for a grant of the period starting at start.
func newPeriodKey(start time.Time) string { return clock.Format(start) + "/" + ids.New() }

func balanceAttr(k Kind) string { return "bal_" + string(k) }
func lowAttr(k Kind) string     { return "low_" + string(k) }

func (it item) balance(k Kind) int {
	switch k {
	case Articles:
		return it.BalArticles
	case BacklinkCredits:
		return it.BalBacklinkCredits
	case ForumReplies:
		return it.BalForumReplies
	}
	return 0
}

func (it item) lowSent(k Kind) bool {
	switch k {
	case Articles:
		return it.LowArticles
	case ForumReplies:
		return it.LowForumReplies
	}
	return false
}

func (it item) view() Credits {
	c := Credits{
		SiteID:          it.SiteID,
		Articles:        Balance{it.BalArticles, it.AlwArticles},
		BacklinkCredits: Balance{it.BalBacklinkCredits, it.AlwBacklinkCredits},
		ForumReplies:    Balance{it.BalForumReplies, it.AlwForumReplies},
	}
	if it.PeriodStart != "" {
		ps, pe := it.PeriodStart, it.PeriodEnd
		c.PeriodStart, c.PeriodEnd = &ps, &pe
	}
	return c
}

func newItem(pk, sk, accountID, siteID string, a Allowance, start, end time.Time) item {
	return item{
		PK: pk, SK: sk, AccountID: accountID, SiteID: siteID,
		PeriodStart: clock.Format(start), PeriodEnd: clock.Format(end), PeriodKey: newPeriodKey(start),
		BalArticles: a.Articles, BalBacklinkCredits: a.BacklinkCredits, BalForumReplies: a.ForumReplies,
		AlwArticles: a.Articles, AlwBacklinkCredits: a.BacklinkCredits, AlwForumReplies: a.ForumReplies,
	}
}
