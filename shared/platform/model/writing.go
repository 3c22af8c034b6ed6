package model

// ArticleBrief is what an article writer reads: the article to write, the
// site's writing settings and what the site says about itself. Everything
// about the business comes from here; a writer adds no facts of its own.
type ArticleBrief struct {
	Title   string
	Keyword string // the search phrase the article answers (never empty)
	Tags    []string

	// What the site says about itself.
	Brand              string // brand name, "" when unknown
	ProductDescription string // the site's own description of what it sells
	WebsiteURL         string
	// The scan's analysis (empty when the pages did not say).
	Niche       string
	Audience    string
	Geo         string
	Competitors []string

	// The site's writing settings ("" when unset).
	Tone         string
	WritingStyle string
	Readers      string   // writing.audience: whom articles address
	BrandVoice   []string // house rules, one per entry

	// Links are the site's own pages the article may cite: its home page
	// and its published articles.
	Links []Link
}

// ArticleDraft is a written article: a Markdown body (H1 title, no
// images), a meta description and tags.
type ArticleDraft struct {
	BodyMarkdown string
	Description  string
	Tags         []string
}

// PassageBrief is what a passage rewriter reads: one passage of an
// article, what to change, and the site's writing settings.
type PassageBrief struct {
	Title   string
	Keyword string
	Brand   string
	// Passage is the Markdown to rewrite (a section's content without its
	// heading, or a passage quoted from the body).
	Passage string
	// Instructions say what to change ("" asks for a tighter version).
	Instructions string
	Tone         string
	WritingStyle string
	BrandVoice   []string
}
