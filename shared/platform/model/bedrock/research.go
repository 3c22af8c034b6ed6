package bedrock

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"rvcontent/shared/platform/model"
)

const researchSystem = `You do keyword research for one business website and suggest articles for its blog.
Rules:
- Build every keyword and idea from the facts given about the business, the seed topic and the tracked keywords. Never state or imply facts about the business that the facts do not give (no prices, features, awards, customers or locations of your own).
- keywords: search phrases people type, lowercase, 2 to 200 characters, no duplicates. For each: tag (a short label, at most 40 characters, naming the topic it belongs to), intent (exactly one of Commercial, Informational, Transactional, Navigational), search_volume (your estimate of monthly searches, an integer), traffic_estimate (your estimate of monthly visits a top article would get, an integer not above search_volume), trend (exactly one of Rising, Steady, Declining).
- ideas: article titles (at most 200 characters) that answer one of your keywords, each with a one-sentence description, the keyword it targets, traffic_estimate (integer), competition (exactly one of Low, Medium, High) and ai_signal (0 to 100: how likely AI assistants answer that search and cite articles). Never repeat or reword a title from the list of existing titles.
- The numbers are planning estimates; say nothing else about them.
Answer with one JSON object and nothing else: {"keywords": [{"name": "...", "tag": "...", "intent": "...", "search_volume": 0, "traffic_estimate": 0, "trend": "..."}], "ideas": [{"title": "...", "description": "...", "keyword": "...", "traffic_estimate": 0, "competition": "...", "ai_signal": 0}]}`

// maxAvoidTitles caps the existing titles listed in a research prompt.
const maxAvoidTitles = 200

// Research asks the model for keywords and ideas about the business in.
// Rows that are not the expected shape are dropped; the rest still need
// checking (research.Clean): names, enums and ranges are not trusted.
func (m *Model) Research(ctx context.Context, in model.ResearchInput) (model.Research, error) {
	text, err := m.Converse(ctx, researchSystem, researchPrompt(in), 4096)
	if err != nil {
		return model.Research{}, err
	}
	var raw struct {
		Keywords []json.RawMessage `json:"keywords"`
		Ideas    []json.RawMessage `json:"ideas"`
	}
	if err := decodeJSON(text, &raw); err != nil {
		return model.Research{}, fmt.Errorf("bedrock: research answer is not the expected JSON: %w", err)
	}
	out := model.Research{Keywords: []model.KeywordIdea{}, Ideas: []model.ArticleIdea{}}
	for _, r := range raw.Keywords {
		var k keywordRow
		if json.Unmarshal(r, &k) == nil && k.Name != "" {
			out.Keywords = append(out.Keywords, model.KeywordIdea{
				Name: k.Name, Tag: k.Tag, Intent: k.Intent, Trend: k.Trend,
				SearchVolume: k.SearchVolume.int(), TrafficEstimate: k.TrafficEstimate.int(),
			})
		}
	}
	for _, r := range raw.Ideas {
		var i ideaRow
		if json.Unmarshal(r, &i) == nil && i.Title != "" && i.Keyword != "" {
			out.Ideas = append(out.Ideas, model.ArticleIdea{
				Title: i.Title, Description: i.Description, Keyword: i.Keyword, Competition: i.Competition,
				TrafficEstimate: i.TrafficEstimate.int(), AISignal: i.AISignal.int(),
			})
		}
	}
	return out, nil
}

// keywordRow and ideaRow are the answer's rows as the model may write
// them: numbers possibly as strings or with decimals.
type keywordRow struct {
	Name            string      `json:"name"`
	Tag             string      `json:"tag"`
	Intent          string      `json:"intent"`
	SearchVolume    looseNumber `json:"search_volume"`
	TrafficEstimate looseNumber `json:"traffic_estimate"`
	Trend           string      `json:"trend"`
}

type ideaRow struct {
	Title           string      `json:"title"`
	Description     string      `json:"description"`
	Keyword         string      `json:"keyword"`
	TrafficEstimate looseNumber `json:"traffic_estimate"`
	Competition     string      `json:"competition"`
	AISignal        looseNumber `json:"ai_signal"`
}

// looseNumber reads a JSON number or a numeric string ("1,200" included).
type looseNumber float64

// UnmarshalJSON reads a number, a numeric string or null (0).
func (n *looseNumber) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "null" || s == "" {
		*n = 0
		return nil
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("not a number: %s", b)
	}
	*n = looseNumber(f)
	return nil
}

func (n looseNumber) int() int {
	f := math.Round(float64(n))
	if f > math.MaxInt32 {
		return math.MaxInt32
	}
	if f < math.MinInt32 {
		return math.MinInt32
	}
	return int(f)
}

// researchPrompt lists the facts, the seed, the tracked keywords, the
// existing titles and how many keywords and ideas to give.
func researchPrompt(in model.ResearchInput) string {
	var b strings.Builder
	b.WriteString("Facts about the business (empty ones are unknown):\n")
	line(&b, "Business name", in.BrandName)
	line(&b, "What it says about itself", in.ProductDescription)
	line(&b, "Niche", in.Niche)
	line(&b, "Audience", in.Audience)
	line(&b, "Market", in.Geo)
	line(&b, "Competitors its pages compare it with", strings.Join(in.Competitors, ", "))
	line(&b, "Seed topic to research around", in.Seed)
	line(&b, "Keywords it already tracks", strings.Join(in.Keywords, "; "))
	titles := in.AvoidTitles
	if len(titles) > maxAvoidTitles {
		titles = titles[:maxAvoidTitles]
	}
	if len(titles) > 0 {
		b.WriteString("Existing titles (never repeat these):\n")
		for _, t := range titles {
			fmt.Fprintf(&b, "- %s\n", t)
		}
	}
	fmt.Fprintf(&b, "\nGive up to %d keywords and exactly %d ideas.", in.MaxKeywords, in.Ideas)
	return b.String()
}
