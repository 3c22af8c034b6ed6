package model

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of what research returns.
const (
	MaxKeywordName = 200 // characters of a keyword name
	MaxIdeaTitle   = 200 // characters of an idea's title
	MaxKeywordTag  = 40  // characters of a keyword's tag
)

// Research builds keywords and article ideas from the input's own words by
// fixed rules, so the same input always gives the same answer and nothing
// about the business is invented:
//   - topics: the seed, the site's niche, the competitors its pages
//     compare it with, the keywords it tracks, and its brand name;
//   - each topic gives search phrases by fixed patterns ("best <niche>",
//     "<topic> for <audience>", "<competitor> alternatives", "<brand>
//     reviews", ...); the seed's phrases come first, then those of the
//     niche, the competitors and the tracked keywords in turn, then the
//     brand's, at most MaxKeywords;
//   - each phrase's intent comes from its pattern, its volume, traffic,
//     competition and ai_signal from the Estimate functions, its trend is
//     Steady (the offline model has no trend data) and its tag is the
//     topic it came from;
//   - ideas take each keyword in turn through fixed angles (a guide or a
//     comparison, common questions, mistakes, a checklist, examples,
//     getting started); angle r of a keyword expects 1/(r+1) of its
//     traffic; titles in AvoidTitles or already used are skipped.
func (Offline) Research(_ context.Context, in ResearchInput) (Research, error) {
	kws := researchKeywords(in)
	return Research{Keywords: kws, Ideas: researchIdeas(kws, in)}, nil
}

// kwPhrase is a candidate keyword: its name, intent and tag.
type kwPhrase struct{ name, intent, tag string }

func researchKeywords(in ResearchInput) []KeywordIdea {
	aud := strings.ToLower(clean(in.Audience))
	brand := NormalKeyword(clean(in.BrandName))
	seed := NormalKeyword(clean(in.Seed))
	niche := NormalKeyword(clean(in.Niche))
	var first, last []kwPhrase
	if seed != "" {
		first = topicPhrases(seed, aud)
	}
	if brand != "" {
		last = brandPhrases(brand)
	}
	var others [][]kwPhrase
	if niche != "" {
		others = append(others, productPhrases(niche, aud))
	}
	if c := competitorPhrases(in.Competitors, brand); len(c) > 0 {
		others = append(others, c)
	}
	for _, k := range in.Keywords {
		if k = NormalKeyword(k); k != "" {
			others = append(others, topicPhrases(k, aud))
		}
	}
	max := in.MaxKeywords
	out := []KeywordIdea{}
	seen := map[string]bool{}
	add := func(p kwPhrase) {
		n := utf8.RuneCountInString(p.name)
		if len(out) >= max || seen[p.name] || n < 2 || n > MaxKeywordName {
			return
		}
		seen[p.name] = true
		vol := EstimateVolume(p.name, p.intent)
		out = append(out, KeywordIdea{
			Name: p.name, Tag: ShortTag(p.tag), SearchVolume: vol,
			TrafficEstimate: EstimateTraffic(vol, p.intent), Intent: p.intent, Trend: TrendSteady,
		})
	}
	for _, p := range first {
		add(p)
	}
	for round := 0; len(out) < max; round++ {
		more := false
		for _, list := range others {
			if round < len(list) {
				add(list[round])
				more = true
			}
		}
		if !more {
			break
		}
	}
	for _, p := range last {
		add(p)
	}
	return out
}

// topicPhrases are the phrases of a topic to write about (the seed or a
// tracked keyword). A topic that already carries a pattern word ("best
// ...", "... guide") gives only itself and its audience phrase.
func topicPhrases(t, aud string) []kwPhrase {
	if hasAnyWord(t, patternWords) || strings.HasPrefix(t, "how to ") {
		return kwTagged(t, kwPhrase{t, GuessIntent(t), ""}, kwForAudience(t, aud, GuessIntent(t)))
	}
	if isQuestionPhrase(t) {
		return kwTagged(t,
			kwPhrase{t, IntentInformational, ""},
			kwForAudience(t, aud, IntentInformational),
			kwPhrase{t + " step by step", IntentInformational, ""},
			kwPhrase{t + " examples", IntentInformational, ""},
		)
	}
	return kwTagged(t,
		kwPhrase{t, GuessIntent(t), ""},
		kwPhrase{t + " guide", IntentInformational, ""},
		kwPhrase{t + " tips", IntentInformational, ""},
		kwForAudience(t, aud, IntentInformational),
		kwPhrase{t + " examples", IntentInformational, ""},
		kwPhrase{t + " checklist", IntentInformational, ""},
		kwPhrase{t + " explained", IntentInformational, ""},
		kwPhrase{t + " best practices", IntentInformational, ""},
		kwPhrase{"common " + t + " mistakes", IntentInformational, ""},
	)
}

// patternWords are the words the patterns below add to a topic.
var patternWords = &wordSet{list: "best guide tips examples checklist explained practices mistakes pricing alternatives comparison reviews free features vs step"}

// productPhrases are the phrases of what the business is (its niche).
func productPhrases(t, aud string) []kwPhrase {
	return kwTagged(t,
		kwPhrase{t, IntentCommercial, ""},
		kwPhrase{"best " + t, IntentCommercial, ""},
		kwForAudience(t, aud, IntentCommercial),
		kwPhrase{t + " pricing", IntentTransactional, ""},
		kwPhrase{t + " alternatives", IntentCommercial, ""},
		kwPhrase{"how to choose " + kwWithArticle(t), IntentInformational, ""},
		kwPhrase{t + " comparison", IntentCommercial, ""},
		kwPhrase{t + " reviews", IntentCommercial, ""},
		kwPhrase{"free " + t, IntentTransactional, ""},
		kwPhrase{t + " features", IntentCommercial, ""},
		kwPhrase{t + " guide", IntentInformational, ""},
		kwPhrase{t + " tips", IntentInformational, ""},
	)
}

// competitorPhrases compare the business with the rivals its pages name.
func competitorPhrases(names []string, brand string) []kwPhrase {
	var out []kwPhrase
	for _, c := range names {
		if c = NormalKeyword(clean(c)); c == "" {
			continue
		}
		out = append(out, kwPhrase{c + " alternatives", IntentCommercial, "competitors"})
		if brand != "" {
			out = append(out, kwPhrase{brand + " vs " + c, IntentCommercial, "competitors"})
		}
	}
	return out
}

// brandPhrases are what people search about the brand itself.
func brandPhrases(b string) []kwPhrase {
	return kwTagged("brand",
		kwPhrase{b, IntentNavigational, ""},
		kwPhrase{b + " reviews", IntentCommercial, ""},
		kwPhrase{b + " pricing", IntentNavigational, ""},
		kwPhrase{b + " alternatives", IntentCommercial, ""},
		kwPhrase{"how to use " + b, IntentInformational, ""},
		kwPhrase{b + " features", IntentNavigational, ""},
		kwPhrase{b + " tutorial", IntentInformational, ""},
		kwPhrase{b + " login", IntentNavigational, ""},
	)
}

// kwForAudience is "<t> for <audience>", or nothing without an audience or
// when t already names it.
func kwForAudience(t, aud, intent string) kwPhrase {
	if aud == "" || strings.Contains(t, aud) {
		return kwPhrase{}
	}
	return kwPhrase{t + " for " + aud, intent, ""}
}

func kwTagged(tag string, ps ...kwPhrase) []kwPhrase {
	out := make([]kwPhrase, 0, len(ps))
	for _, p := range ps {
		if p.name != "" {
			p.tag = tag
			out = append(out, p)
		}
	}
	return out
}

// kwWithArticle puts "a" or "an" before a singular phrase; plurals stay bare.
func kwWithArticle(t string) string {
	last := t
	if f := strings.Fields(t); len(f) > 0 {
		last = f[len(f)-1]
	}
	if strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") {
		return t
	}
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

// ShortTag cuts a tag to MaxKeywordTag characters at a word boundary.
func ShortTag(tag string) string {
	if utf8.RuneCountInString(tag) <= MaxKeywordTag {
		return tag
	}
	var b strings.Builder
	for _, w := range strings.Fields(tag) {
		if utf8.RuneCountInString(b.String())+1+utf8.RuneCountInString(w) > MaxKeywordTag {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	if b.Len() == 0 {
		return string([]rune(tag)[:MaxKeywordTag])
	}
	return b.String()
}

// ideaAngles is how many angles each keyword is tried with.
const ideaAngles = 6

func researchIdeas(kws []KeywordIdea, in ResearchInput) []ArticleIdea {
	out := []ArticleIdea{}
	if in.Ideas <= 0 {
		return out
	}
	aud := strings.ToLower(clean(in.Audience))
	names := properNames(in)
	used := map[string]bool{}
	for _, t := range in.AvoidTitles {
		used[NormalTitle(t)] = true
	}
	for r := 0; r < ideaAngles; r++ {
		for _, k := range kws {
			if len(out) == in.Ideas {
				return out
			}
			title, desc, ok := ideaText(r, k.Name, aud, k.Intent)
			if !ok {
				continue
			}
			title, desc = names.Replace(title), names.Replace(desc)
			key := NormalTitle(title)
			if used[key] || utf8.RuneCountInString(title) > MaxIdeaTitle {
				continue
			}
			used[key] = true
			out = append(out, ArticleIdea{
				Title: title, Description: desc, Keyword: k.Name, TrafficEstimate: k.TrafficEstimate / (r + 1),
				Competition: EstimateCompetition(k.Name, k.Intent), AISignal: EstimateAISignal(k.Name, k.Intent),
			})
		}
	}
	return out
}

// modifierTitles are the titles of a keyword that ends in (or starts
// with) a pattern word, instead of angle 0's: %s is the keyword, %b the
// keyword without the pattern word, %a the audience phrase (" for
// <audience>" or "") and %t the same after a comma.
var modifierTitles = []struct{ word, title, desc string }{
	{" guide", "The complete %s%a", "Covers %b from the basics to the details%t."},
	{" tips", "%s%a: what works in practice", "Practical %s%t, each with when to use it."},
	{" examples", "%s and what they teach", "Works through examples of %b and what each one shows."},
	{" checklist", "The %s%a", "A step-by-step checklist for %b%t."},
	{" explained", "%s: the basics%a", "Explains the basics of %b%t."},
	{" best practices", "%s%a", "The %s that hold up in practice%t."},
	{" step by step", "%s%a", "Walks through %b one step at a time%t."},
	{"common ", "%s and how to avoid them", "Lists %s and how to avoid each one."},
}

// ideaText is the title and description of angle r of keyword kw, and
// false when the angle repeats the keyword's own pattern word.
func ideaText(r int, kw, aud, intent string) (string, string, bool) {
	forAud, toAud := "", ""
	if aud != "" && !strings.Contains(kw, aud) {
		forAud, toAud = " for "+aud, ", for "+aud
	}
	switch r {
	case 0:
		for _, m := range modifierTitles {
			if strings.HasSuffix(kw, m.word) || strings.HasPrefix(kw, m.word) {
				base := strings.TrimSuffix(strings.TrimPrefix(kw, m.word), m.word)
				fill := strings.NewReplacer("%s", kw, "%b", base, "%a", forAud, "%t", toAud)
				return capitalizeIdea(fill.Replace(m.title)), capitalizeIdea(fill.Replace(m.desc)), true
			}
		}
		switch intent {
		case IntentCommercial:
			return capitalizeIdea(kw) + ": how to compare your options", "Sets out what to compare when looking at " + kw + toAud + ".", true
		case IntentTransactional:
			return capitalizeIdea(kw) + ": what you pay for and what to check", "Breaks down what " + kw + " involves and what to check before paying.", true
		case IntentNavigational:
			return capitalizeIdea(kw) + ": what to know before you start", "Covers what people look for when they search for " + kw + ".", true
		}
		return capitalizeIdea(kw) + ": a practical guide" + forAud, "Explains " + kw + " step by step" + toAud + ".", true
	case 1:
		return "Common questions about " + kw + ", answered", "Answers the questions people ask most about " + kw + ".", true
	case 2:
		return capitalizeIdea(kw) + ": mistakes to avoid", "Lists common mistakes with " + kw + " and how to avoid them.", !hasWord(kw, "mistakes")
	case 3:
		return "A checklist for " + kw, "A step-by-step checklist for " + kw + toAud + ".", !hasWord(kw, "checklist")
	case 4:
		return capitalizeIdea(kw) + ": examples and lessons", "Works through examples of " + kw + " and what each one shows.", !hasWord(kw, "examples")
	}
	return "Getting started with " + kw, "Where to begin with " + kw + " and what to do first.", true
}

func capitalizeIdea(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// nameCase restores the case of the brand and competitor names in titles
// and descriptions built from lowercase keywords.
type nameCase []struct{ lower, name string }

func properNames(in ResearchInput) nameCase {
	var out nameCase
	for _, n := range append([]string{in.BrandName}, in.Competitors...) {
		if n = clean(n); n != "" && n != strings.ToLower(n) {
			out = append(out, struct{ lower, name string }{strings.ToLower(n), n})
		}
	}
	return out
}

// Replace puts every whole-word lowercase occurrence of a name (or one
// capitalised by a title) back in the name's own case.
func (c nameCase) Replace(s string) string {
	for _, n := range c {
		for _, form := range []string{n.lower, capitalizeIdea(n.lower)} {
			for i := 0; ; {
				j := strings.Index(s[i:], form)
				if j < 0 {
					break
				}
				j += i
				end := j + len(form)
				if wordEdge(s, j-1) && wordEdge(s, end) {
					s = s[:j] + n.name + s[end:]
					end = j + len(n.name)
				}
				i = end
			}
		}
	}
	return s
}

// wordEdge reports whether position i of s is outside a word.
func wordEdge(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
