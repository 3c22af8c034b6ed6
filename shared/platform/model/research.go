package model

// ResearchInput is what keyword research reads: what the site says about
// itself (its settings and its latest scan), the keywords it already
// tracks, the titles it already has and a seed topic. Adapters build
// keywords and ideas from these words only and add no facts about the
// business.
type ResearchInput struct {
	BrandName          string
	ProductDescription string
	// The scan's grounded analysis ("" or empty when the pages did not say).
	Niche       string
	Audience    string
	Geo         string
	Competitors []string
	// Seed is the topic to research around ("" for none).
	Seed string
	// Keywords are names the site already tracks; they are researched as
	// topics too.
	Keywords []string
	// AvoidTitles are the titles already on the site: no idea repeats one
	// (compared with NormalTitle).
	AvoidTitles []string
	// MaxKeywords and Ideas say how many keywords (at most) and ideas to
	// return.
	MaxKeywords int
	Ideas       int
}

// Research is a research answer. Volumes, traffic, competition and
// ai_signal are model estimates for planning, not measured data.
type Research struct {
	Keywords []KeywordIdea `json:"keywords"`
	Ideas    []ArticleIdea `json:"ideas"`
}

// KeywordIdea is a keyword research found.
type KeywordIdea struct {
	Name            string `json:"name"`
	Tag             string `json:"tag"`
	SearchVolume    int    `json:"search_volume"`
	TrafficEstimate int    `json:"traffic_estimate"`
	Intent          string `json:"intent"`
	Trend           string `json:"trend"`
}

// ArticleIdea is an article research suggests.
type ArticleIdea struct {
	Title           string `json:"title"`
	Description     string `json:"description"`
	Keyword         string `json:"keyword"`
	TrafficEstimate int    `json:"traffic_estimate"`
	Competition     string `json:"competition"`
	AISignal        int    `json:"ai_signal"`
}
