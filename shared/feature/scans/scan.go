// Package scans owns the website scan (spec 2 Scan, 3, 4.6): a site.scan
// job reads the site's website in three stages — brand (name, description,
// logo), analysis (niche, audience, geography, competitors: each grounded
// in the pages) and plan (keywords, articles and ideas; filled by the
// content features) — keeps the latest scan of each site, moves the site's
// scan_status with it, fills the brand fields the user has not set, and
// reports the end with site.scan_completed or site.scan_failed. Without a
// trial or plan an account may scan three times a day, the scan created
// with the account included.
package scans

import (
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/platform/dynamo"
)

// Kind is the job kind of a scan.
const Kind = "site.scan"

// Stages of a scan, in order.
const (
	StageBrand    = "brand"
	StageAnalysis = "analysis"
	StagePlan     = "plan"
)

// Scan is a site's latest scan as the API shows it.
type Scan struct {
	SiteID          string      `json:"site_id" dynamodbav:"site_id"`
	JobID           *string     `json:"job_id" dynamodbav:"job_id"`
	Status          string      `json:"status" dynamodbav:"status"`
	Stage           string      `json:"stage" dynamodbav:"stage"`
	StartedAt       *string     `json:"started_at" dynamodbav:"started_at"`
	FinishedAt      *string     `json:"finished_at" dynamodbav:"finished_at"`
	Brand           sites.Brand `json:"brand" dynamodbav:"brand"`
	Analysis        Analysis    `json:"analysis" dynamodbav:"analysis"`
	KeywordsFound   int         `json:"keywords_found" dynamodbav:"keywords_found"`
	ArticlesPlanned int         `json:"articles_planned" dynamodbav:"articles_planned"`
	Ideas           int         `json:"ideas" dynamodbav:"ideas"`
	Scheduled       int         `json:"scheduled" dynamodbav:"scheduled"`
	Error           *jobs.Error `json:"error" dynamodbav:"error"`
}

// Analysis is what the analysis stage found. Empty values mean the pages
// did not support one.
type Analysis struct {
	Niche       string   `json:"niche" dynamodbav:"niche"`
	Audience    string   `json:"audience" dynamodbav:"audience"`
	Geo         string   `json:"geo" dynamodbav:"geo"`
	Competitors []string `json:"competitors" dynamodbav:"competitors"`
}

// Normal returns s with its lists never null.
func (s Scan) Normal() Scan {
	if s.Analysis.Competitors == nil {
		s.Analysis.Competitors = []string{}
	}
	return s
}

// item is a scan as stored under its account.
type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Scan
	AccountID string `dynamodbav:"account_id"`
}

func newItem(accountID string, s Scan) item {
	return item{PK: dynamo.AccountPK(accountID), SK: dynamo.ScanSK(s.SiteID), Scan: s.Normal(), AccountID: accountID}
}
