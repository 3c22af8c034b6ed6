package publicapi

import "rvcontent/shared/feature/articles"

// Article is a finished article as the public API shows it (spec 2):
// exactly these fields.
type Article struct {
	ID           string   `json:"id"`
	Slug         string   `json:"slug"`
	Title        string   `json:"title"`
	Description  string   `json:"description"`
	BodyMarkdown string   `json:"body_markdown"`
	BodyHTML     string   `json:"body_html"`
	Tags         []string `json:"tags"`
	SEOScore     float64  `json:"seo_score"`
	PublishedURL *string  `json:"published_url"`
	// PublishedAt mirrors UpdatedAt.
	PublishedAt string `json:"published_at"`
	UpdatedAt   string `json:"updated_at"`
}

// viewOf renders a stored article for the public API.
func viewOf(a articles.Article) Article {
	v := Article{
		ID: a.ID, Slug: a.Slug, Title: a.Title, Description: a.Description,
		BodyMarkdown: a.BodyMarkdown, BodyHTML: a.BodyHTML, Tags: a.Tags,
		PublishedURL: a.PublishedURL, PublishedAt: a.UpdatedAt, UpdatedAt: a.UpdatedAt,
	}
	if v.Tags == nil {
		v.Tags = []string{}
	}
	if a.SEOScore != nil {
		v.SEOScore = *a.SEOScore
	}
	return v
}

// Page is a page of articles (spec 2).
type Page struct {
	Articles  []Article `json:"articles"`
	Count     int       `json:"count"`
	NextSince *string   `json:"next_since"`
}

// Ping is the ping result (spec 2).
type Ping struct {
	OK         bool    `json:"ok"`
	Service    string  `json:"service"`
	BrandName  *string `json:"brand_name"`
	WebsiteURL *string `json:"website_url"`
	LogoURL    *string `json:"logo_url"`
}
