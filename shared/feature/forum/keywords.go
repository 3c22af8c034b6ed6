package forum

import (
	"context"
	"log/slog"
	"strings"

	"rvcontent/shared/feature/sites"
)

// sweepKeywords returns what a sweep searches for, at most
// keywords_per_sweep phrases, each once (lowercase): the topic tags first,
// then the site's tracked keywords (when the keywords feature is wired),
// the niche of the settings and of the scan, "<competitor> alternative"
// for each competitor the scan found, and the brand name. It also returns
// the site's other topic texts (product description), which only inform
// the fit.
func (s *Service) sweepKeywords(ctx context.Context, accountID string, site sites.Site, st settingsItem) (keywords, topics []string) {
	var cands []string
	cands = append(cands, st.TopicTags...)
	if s.Keywords != nil {
		list, err := s.Keywords.SiteKeywords(ctx, accountID, site.ID)
		if err != nil {
			slog.WarnContext(ctx, "forum sweep: site keywords", "site_id", site.ID, "err", err)
		}
		cands = append(cands, list...)
	}
	cands = append(cands, deref(st.Niche))
	if s.Scans != nil {
		if sc, err := s.Scans.LastCompleted(ctx, accountID, site.ID); err == nil {
			cands = append(cands, sc.Analysis.Niche)
			for _, c := range sc.Analysis.Competitors {
				cands = append(cands, c+" alternative")
			}
		}
	}
	cands = append(cands, deref(site.BrandName))
	seen := map[string]bool{}
	for _, c := range cands {
		c = strings.ToLower(strings.Join(strings.Fields(c), " "))
		if c == "" || seen[c] || len(ContentWords(c)) == 0 {
			continue
		}
		seen[c] = true
		if len(keywords) < st.KeywordsPerSweep {
			keywords = append(keywords, c)
		}
	}
	return keywords, []string{deref(site.BrandName), deref(site.ProductDescription), deref(st.Niche)}
}
