package research

import (
	"context"
	"log/slog"
	"strings"
	"unicode/utf8"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/model"
)

// maxEstimate bounds the volumes and traffic a model may claim.
const maxEstimate = 1_000_000_000

// Ask asks m (model.Offline when nil) for research on in, falls back to
// model.Offline when m fails, and returns the answer through Clean.
func Ask(ctx context.Context, m Researcher, in model.ResearchInput) model.Research {
	if m == nil {
		m = model.Offline{}
	}
	out, err := m.Research(ctx, in)
	if err != nil {
		slog.WarnContext(ctx, "model research failed; using the offline model", "err", err)
		out, _ = model.Offline{}.Research(ctx, in)
	}
	return Clean(out, in)
}

// Clean keeps the valid rows of a model's answer, whatever adapter gave
// it, and clamps its numbers:
//   - texts become one plain line (input.Plain: no control character or
//     bidirectional override, white space collapsed);
//   - a keyword needs a name of 2 to 200 characters (stored lowercase,
//     whitespace collapsed) not seen before; an unknown intent is read from
//     the name (model.GuessIntent), an unknown trend is Steady, the tag is
//     cut to 40 characters, search_volume is at least 0, traffic_estimate
//     between 0 and search_volume; at most in.MaxKeywords are kept;
//   - an idea needs a title of 1 to 200 characters whose normal form
//     (model.NormalTitle) is neither in in.AvoidTitles nor used by an
//     earlier idea, and a keyword of 2 to 200 characters; the description
//     is cut to 1,000 characters, an unknown competition is estimated
//     (model.EstimateCompetition), ai_signal is clamped to 0..100 and
//     traffic_estimate to at least 0; at most in.Ideas are kept.
func Clean(r model.Research, in model.ResearchInput) model.Research {
	out := model.Research{Keywords: []model.KeywordIdea{}, Ideas: []model.ArticleIdea{}}
	intents := map[string]string{}
	for _, k := range r.Keywords {
		if len(out.Keywords) >= in.MaxKeywords {
			break
		}
		k.Name = model.NormalKeyword(input.Plain(k.Name))
		if n := utf8.RuneCountInString(k.Name); n < 2 || n > model.MaxKeywordName || intents[k.Name] != "" {
			continue
		}
		var ok bool
		if k.Intent, ok = model.Canonical(k.Intent, model.Intents); !ok {
			k.Intent = model.GuessIntent(k.Name)
		}
		if k.Trend, ok = model.Canonical(k.Trend, model.Trends); !ok {
			k.Trend = model.TrendSteady
		}
		k.Tag = model.ShortTag(input.Plain(k.Tag))
		k.SearchVolume = clamp(k.SearchVolume, 0, maxEstimate)
		k.TrafficEstimate = clamp(k.TrafficEstimate, 0, k.SearchVolume)
		intents[k.Name] = k.Intent
		out.Keywords = append(out.Keywords, k)
	}
	used := map[string]bool{}
	for _, t := range in.AvoidTitles {
		used[model.NormalTitle(t)] = true
	}
	for _, idea := range r.Ideas {
		if len(out.Ideas) >= in.Ideas {
			break
		}
		idea.Title = input.Plain(idea.Title)
		idea.Keyword = model.NormalKeyword(input.Plain(idea.Keyword))
		key := model.NormalTitle(idea.Title)
		n, kn := utf8.RuneCountInString(idea.Title), utf8.RuneCountInString(idea.Keyword)
		if key == "" || used[key] || n > articles.MaxTitle || kn < 2 || kn > model.MaxKeywordName {
			continue
		}
		used[key] = true
		idea.Description = cut(input.Plain(idea.Description), articles.MaxDescription)
		intent := intents[idea.Keyword]
		if intent == "" {
			intent = model.GuessIntent(idea.Keyword)
		}
		var ok bool
		if idea.Competition, ok = model.Canonical(idea.Competition, model.Competitions); !ok {
			idea.Competition = model.EstimateCompetition(idea.Keyword, intent)
		}
		idea.AISignal = clamp(idea.AISignal, 0, 100)
		idea.TrafficEstimate = clamp(idea.TrafficEstimate, 0, maxEstimate)
		out.Ideas = append(out.Ideas, idea)
	}
	return out
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

// cut shortens s to at most n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}
