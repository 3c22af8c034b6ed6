// Package articles owns a site's articles: ideas (opportunity), planned
// articles (scheduled), articles being written (generating) and finished,
// publishable articles. It holds the article's items in the table and the
// rules that need no Markdown (statuses, slug, limits, which changes count
// as an update of a finished article); package editing changes articles'
// text (it renders and scores Markdown), and generation, publishing and
// the public articles API build on both.
package articles

import (
	"strings"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/fold"
	"rvcontent/shared/kernel/ids"
)

// Statuses of an article.
const (
	StatusOpportunity = "opportunity" // an idea, not planned yet
	StatusScheduled   = "scheduled"   // planned to be written
	StatusGenerating  = "generating"  // being written by the service
	StatusFinished    = "finished"    // written and publishable
)

// Sources of an article (event article.created's source).
const (
	SourceScan      = "scan"
	SourceResearch  = "research"
	SourceAPI       = "api"
	SourceDashboard = "dashboard"
	SourceAutopilot = "autopilot"
)

// Estimates are the model's planning estimates of an idea.
type Estimates struct {
	TrafficEstimate int    `json:"traffic_estimate" dynamodbav:"traffic_estimate"`
	Competition     string `json:"competition" dynamodbav:"competition"`
	AISignal        int    `json:"ai_signal" dynamodbav:"ai_signal"`
}

// Article is an article as the agent API shows it.
type Article struct {
	ID           string     `json:"id" dynamodbav:"id"`
	SiteID       string     `json:"site_id" dynamodbav:"site_id"`
	Status       string     `json:"status" dynamodbav:"status"`
	Title        string     `json:"title" dynamodbav:"title"`
	Slug         string     `json:"slug" dynamodbav:"slug"`
	Description  string     `json:"description" dynamodbav:"description"`
	Keyword      *string    `json:"keyword" dynamodbav:"keyword"`
	Tags         []string   `json:"tags" dynamodbav:"tags"`
	BodyMarkdown string     `json:"body_markdown,omitempty" dynamodbav:"body_markdown"`
	BodyHTML     string     `json:"body_html,omitempty" dynamodbav:"body_html"`
	WordCount    int        `json:"word_count" dynamodbav:"word_count"`
	SEOScore     *float64   `json:"seo_score" dynamodbav:"seo_score"`
	Source       string     `json:"source" dynamodbav:"source"`
	ScheduledFor *string    `json:"scheduled_for" dynamodbav:"scheduled_for"`
	Estimates    *Estimates `json:"estimates" dynamodbav:"estimates"`
	PublishedURL *string    `json:"published_url" dynamodbav:"published_url"`
	PublishedAt  *string    `json:"published_at" dynamodbav:"published_at"`
	FinishedAt   *string    `json:"finished_at" dynamodbav:"finished_at"`
	CreatedAt    string     `json:"created_at" dynamodbav:"created_at"`
	UpdatedAt    string     `json:"updated_at" dynamodbav:"updated_at"`
	// GenerationJobID is the article.generate job writing the article
	// while it is generating (internal: a stale job never writes it).
	GenerationJobID string `json:"-" dynamodbav:"generation_job_id,omitempty"`
}

// Written reports whether the article has a body (written articles are never
// replaced by a rescan).
func (a Article) Written() bool { return strings.TrimSpace(a.BodyMarkdown) != "" }

// Unwritten reports whether a rescan may replace the article: an idea or a
// scheduled article with an empty body.
func (a Article) Unwritten() bool {
	return (a.Status == StatusOpportunity || a.Status == StatusScheduled) && !a.Written()
}

// Summary is the article without its body, as events and lists carry it.
type Summary = Article

// WithoutBody returns the article with its body fields emptied, as events
// show articles (spec 2 Event).
func (a Article) WithoutBody() Article {
	a.BodyMarkdown, a.BodyHTML = "", ""
	return a
}

// Slug derives an article's slug from its title and the first 8 characters
// of its id (public articles API): lowercase ASCII words joined by hyphens.
// Every write of an article (Store.Change, Store.Prepare) derives it again,
// whatever the article's status, so it always follows the current title; a
// published article's published_url stays as it was reported.
func Slug(title, id string) string {
	s := fold.Slug(title)
	if len(s) > 80 {
		s = strings.TrimSuffix(s[:80], "-")
	}
	short := id
	if len(short) > 8 {
		short = short[:8]
	}
	if s == "" {
		return short
	}
	return s + "-" + short
}

// New returns a new article of site from d, created at now by source,
// without a body (editing.SetBody sets one).
func New(siteID string, d Draft, source string, now time.Time) Article {
	at := clock.Format(now)
	a := Article{
		ID: ids.Sortable(), SiteID: siteID, Status: d.Status, Title: d.Title, Description: d.Description,
		Keyword: d.Keyword, Tags: d.Tags, Source: source, ScheduledFor: d.ScheduledFor, CreatedAt: at, UpdatedAt: at,
	}
	if a.Status == "" {
		a.Status = StatusOpportunity
	}
	if a.Tags == nil {
		a.Tags = []string{}
	}
	a.Slug = Slug(a.Title, a.ID)
	return a
}
