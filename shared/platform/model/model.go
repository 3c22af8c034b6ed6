// Package model is the service's one interface to a language model, for
// every feature that reads or writes prose: the website analysis of a
// scan, research, writing, rewriting and reply drafting. Two adapters
// implement it: Offline, the
// deterministic default that only extracts what the pages say (same input,
// same output, no network), and bedrock.Model, Amazon Bedrock's Converse
// API. Whatever an adapter answers, callers pass analysis answers through
// Ground, which keeps only what the pages support.
package model

import "context"

// Model is the language work the service asks for. Every adapter is safe for
// concurrent use.
type Model interface {
	// Analyze summarises a website's pages: what the business is (niche),
	// whom it serves (audience) and the competitors the pages themselves
	// name. A field the pages do not support is left empty. It returns an
	// error when the model could not answer (unreachable, refused, or an
	// answer that is not the expected shape); callers fall back to Offline.
	Analyze(ctx context.Context, in AnalyzeInput) (Summary, error)
	// Research proposes keywords and article ideas from the site's own
	// words (labelled estimates).
	Research(ctx context.Context, in ResearchInput) (Research, error)
	// WriteArticle writes an article from a brief.
	WriteArticle(ctx context.Context, b ArticleBrief) (ArticleDraft, error)
	// RewritePassage rewrites one passage of an article.
	RewritePassage(ctx context.Context, b PassageBrief) (string, error)
	// DraftReply drafts a forum reply; a *Refusal when the model declines.
	DraftReply(ctx context.Context, in ReplyInput) (ReplyDraft, error)
}

var _ Model = Offline{}

// Page is one web page as the model reads it: its text, never its markup.
type Page struct {
	URL         string
	Title       string
	Description string   // the meta or Open Graph description
	Headings    []string // h1 to h3, in document order
	Hero        string   // the paragraph that follows the main heading
	Text        string   // the visible text, whitespace collapsed
	Links       []Link
}

// Link is a hyperlink's text and absolute address.
type Link struct {
	Text string
	URL  string
}

// AnalyzeInput is what Analyze reads.
type AnalyzeInput struct {
	// BrandName is the site's name as the brand stage found it ("" when
	// unknown); it is never reported as a competitor.
	BrandName string
	// Pages are the pages read, the home page first.
	Pages []Page
}

// Summary is Analyze's answer. Empty values mean "not supported by the
// pages".
type Summary struct {
	Niche       string   `json:"niche"`
	Audience    string   `json:"audience"`
	Competitors []string `json:"competitors"`
}
