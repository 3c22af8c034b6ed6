// Package keywords owns a site's keywords (spec 2 Keyword, 4.6): the
// search phrases the user or the scan tracks (source library) and those
// research discovered and saved (source discovered). A name is unique on
// its site: a reservation item keyed by the lowercase name is written in
// the same transaction as the keyword. Volumes and traffic are model
// estimates for planning, not measured data.
package keywords

import (
	"fmt"
	"strings"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// Sources of a keyword.
const (
	SourceLibrary    = "library"    // tracked by the user or the scan
	SourceDiscovered = "discovered" // saved from research
)

// Keyword is a keyword as the agent API shows it.
type Keyword struct {
	ID              string  `json:"id" dynamodbav:"id"`
	SiteID          string  `json:"site_id" dynamodbav:"site_id"`
	Name            string  `json:"name" dynamodbav:"name"`
	Source          string  `json:"source" dynamodbav:"source"`
	Tag             *string `json:"tag" dynamodbav:"tag"`
	Intent          *string `json:"intent" dynamodbav:"intent"`
	SearchVolume    int     `json:"search_volume" dynamodbav:"search_volume"`
	TrafficEstimate int     `json:"traffic_estimate" dynamodbav:"traffic_estimate"`
	Trend           string  `json:"trend" dynamodbav:"trend"`
	CreatedAt       string  `json:"created_at" dynamodbav:"created_at"`
}

// New returns a new keyword of site from a research or scan finding,
// created at now with source.
func New(siteID string, f model.KeywordIdea, source string, now time.Time) Keyword {
	k := Keyword{
		ID: ids.Sortable(), SiteID: siteID, Name: model.NormalKeyword(f.Name), Source: source,
		Tag: optional(f.Tag), Intent: optional(f.Intent), SearchVolume: f.SearchVolume,
		TrafficEstimate: f.TrafficEstimate, Trend: f.Trend, CreatedAt: clock.Format(now),
	}
	if k.Trend == "" {
		k.Trend = model.TrendSteady
	}
	return k
}

// sortKey orders keywords by search volume, highest first, then by name
// and id; list cursors hold it. The parts are separated by NUL, which
// sorts before every character a name can hold, so a name comes before
// the longer names it begins ("crm" before "crm software" and "crm!").
func (k Keyword) sortKey() string {
	return fmt.Sprintf("%016d\x00%s\x00%s", maxVolume-k.SearchVolume, k.Name, k.ID)
}

// validSortKey reports whether s has the form of a sortKey: what a
// keyword list's cursor must hold.
func validSortKey(s string) bool {
	vol, rest, ok := strings.Cut(s, "\x00")
	if !ok || len(vol) != 16 || strings.Trim(vol, "0123456789") != "" {
		return false
	}
	i := strings.LastIndexByte(rest, 0)
	return i > 0 && ids.Valid(rest[i+1:])
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// item is a keyword as stored under its site.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Keyword
	AccountID string `dynamodbav:"account_id"`
}

// nameItem reserves a keyword name on a site.
type nameItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	KeywordID string `dynamodbav:"keyword_id"`
}

func toItem(accountID string, k Keyword) item {
	return item{PK: dynamo.SitePK(k.SiteID), SK: dynamo.KeywordSK(k.ID), Keyword: k, AccountID: accountID}
}
