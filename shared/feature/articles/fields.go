package articles

// Limits of article fields.
const (
	MaxTitle       = 200
	MinKeyword     = 2
	MaxDescription = 1000
	MaxKeyword     = 200
	MaxTags        = 10 // tags an article has, once duplicates are dropped
	MaxTag         = 40
	// MaxTagItems bounds the "tags" list as sent, duplicates included
	// (they are dropped ignoring case before MaxTags is counted).
	MaxTagItems = 100
	MaxBody     = 200_000
)

// Draft is a new article's fields besides its body: an idea or a planned
// article, as POST /sites/{site_id}/articles takes it (editing.ParseDraft),
// research and scans plan it. A body is set by editing.SetBody, which
// renders it.
type Draft struct {
	Title        string
	Description  string
	Keyword      *string
	Tags         []string
	Status       string // opportunity (default) or scheduled
	ScheduledFor *string
}
