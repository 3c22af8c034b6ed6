package writing

import (
	"context"
	"sort"
	"strings"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/platform/model"
)

// maxRelated is how many of the site's published articles a brief offers
// as links.
const maxRelated = 3

// brief gathers what the writer reads about article a of site: the
// keyword (the title when the article has none), the site's brand,
// description and writing settings, the latest scan's analysis, and the
// site's own pages to cite (its home page and its published articles,
// those sharing words with the keyword first).
func (s *Service) brief(ctx context.Context, accountID string, site sites.Site, a articles.Article) (model.ArticleBrief, error) {
	b := model.ArticleBrief{
		Title: a.Title, Keyword: keywordOf(a), Tags: a.Tags,
		Brand: deref(site.BrandName), ProductDescription: deref(site.ProductDescription), WebsiteURL: deref(site.WebsiteURL),
		Tone: deref(site.Writing.Tone), WritingStyle: deref(site.Writing.WritingStyle), Readers: deref(site.Writing.Audience),
		BrandVoice: Rules(deref(site.Writing.BrandVoice)),
	}
	if s.Scans != nil {
		sc, err := s.Scans.LastCompleted(ctx, accountID, site.ID)
		if err != nil {
			return model.ArticleBrief{}, err
		}
		b.Niche, b.Audience, b.Geo, b.Competitors = sc.Analysis.Niche, sc.Analysis.Audience, sc.Analysis.Geo, sc.Analysis.Competitors
	}
	if b.WebsiteURL != "" {
		name := b.Brand
		if name == "" {
			name = "Home page"
		}
		b.Links = append(b.Links, model.Link{Text: name, URL: b.WebsiteURL})
	}
	all, err := s.Articles.All(ctx, site.ID)
	if err != nil {
		return model.ArticleBrief{}, err
	}
	b.Links = append(b.Links, related(a, all)...)
	return b, nil
}

// keywordOf is the phrase the article answers: its keyword, else its
// title in lower case.
func keywordOf(a articles.Article) string {
	if a.Keyword != nil && strings.TrimSpace(*a.Keyword) != "" {
		return strings.TrimSpace(*a.Keyword)
	}
	return strings.ToLower(a.Title)
}

// related picks the site's other published articles, those sharing the
// most words with a's keyword first, then the newest.
func related(a articles.Article, all []articles.Article) []model.Link {
	words := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(keywordOf(a))) {
		words[w] = true
	}
	type cand struct {
		link  model.Link
		score int
	}
	var cands []cand
	for _, o := range all { // newest first
		if o.ID == a.ID || o.Status != articles.StatusFinished || o.PublishedURL == nil {
			continue
		}
		n := 0
		for _, w := range strings.Fields(strings.ToLower(o.Title + " " + keywordOf(o))) {
			if words[w] {
				n++
			}
		}
		cands = append(cands, cand{model.Link{Text: o.Title, URL: *o.PublishedURL}, n})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var out []model.Link
	for _, c := range cands {
		if len(out) == maxRelated {
			break
		}
		out = append(out, c.link)
	}
	return out
}

// Rules splits brand voice house rules, one per line, blank lines dropped.
func Rules(voice string) []string {
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(voice, "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
