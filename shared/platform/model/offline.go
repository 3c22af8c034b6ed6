package model

import (
	"context"
	"strings"
)

// Offline is the deterministic model: it answers only with phrases taken
// from the pages, by fixed rules, so the same pages always give the same
// answer and nothing is invented. It is the default adapter and the
// fallback when another adapter fails.
type Offline struct{}

var _ Model = Offline{}

// Analyze extracts the niche, audience and competitors the pages state:
//   - niche: the phrase after "<brand> is a/an/the" or "we are a/an" (up to
//     "for", "that", "in", "serving" and other clause words, or
//     punctuation), else the home page title's tagline (its segment that
//     is not the brand name);
//   - audience: the first "for", "serving" or "helps" phrase of the home
//     page's description, title, headings and hero, then of the other
//     pages, that names people or organisations (cut after its last
//     plural);
//   - competitors: names the pages put next to "vs", "versus",
//     "alternative to", "compare ... with", "switch from", "unlike",
//     "instead of" or "better than", the brand itself excluded.
func (Offline) Analyze(_ context.Context, in AnalyzeInput) (Summary, error) {
	s := Summary{Competitors: []string{}}
	if len(in.Pages) == 0 {
		return s, nil
	}
	s.Niche = niche(in)
	s.Audience = audience(in)
	s.Competitors = competitors(in)
	return s, nil
}

// describedAs finds "<brand> is a <niche>" and "we are a <niche>".
var describedAs = &lazyRegexp{expr: `(?i)\b(?:is|we(?:'|’)re|we are)\s+(?:a|an|the)\s+([^.,;:!?()|]+)`}

// nicheEnd cuts a niche phrase at the first word that starts a clause.
var nicheEnd = &lazyRegexp{expr: `(?i)\s+(?:for|that|which|who|to|with|helping|helps|where|built|designed|made|serving|since|in|based|located|offering|providing|specialising|specializing|and\s+we)\b.*$`}

func niche(in AnalyzeInput) string {
	home := in.Pages[0]
	var texts []string
	for _, p := range in.Pages {
		texts = append(texts, p.Description, p.Hero)
		texts = append(texts, sentences(p.Text)...)
	}
	for _, t := range texts {
		for _, m := range describedAs.get().FindAllStringSubmatchIndex(t, -1) {
			subject := strings.ToLower(lastWords(t[:m[0]], 3))
			if !strings.Contains(subject, "we") && (in.BrandName == "" || !strings.Contains(squash(subject), squash(in.BrandName))) {
				continue // "<something else> is a ..." says nothing about the business
			}
			phrase := clean(nicheEnd.get().ReplaceAllString(t[m[2]:m[3]], ""))
			if n := len(strings.Fields(phrase)); n >= 1 && n <= 8 && len(contentWords(phrase)) > 0 {
				return phrase
			}
		}
	}
	return tagline(home.Title, in.BrandName)
}

// tagline returns the segment of a title that is not the brand name and has
// at least two words, or "".
func tagline(title, brand string) string {
	segs := TitleSegments(title)
	if len(segs) < 2 || brand == "" {
		return ""
	}
	hasBrand := false
	for _, s := range segs {
		if SameName(s, brand) {
			hasBrand = true
		}
	}
	if !hasBrand {
		return ""
	}
	for _, s := range segs {
		if !SameName(s, brand) && len(strings.Fields(s)) >= 2 && !generic.has(strings.ToLower(s)) {
			return s
		}
	}
	return ""
}

// generic titles and phrases say nothing about a business.
var generic = &wordSet{list: "home homepage welcome index untitled start main"}

func lastWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[len(f)-n:]
	}
	return strings.Join(f, " ")
}

// forPhrase finds "for <audience>", "serving <audience>" and "helps
// <audience> ..." up to punctuation.
var forPhrase = &lazyRegexp{expr: `(?i)\b(?:for|serving|serves|helping|helps)\s+([^.,;:!?()|–—]+)`}

var audienceEnd = &lazyRegexp{expr: `(?i)\s+(?:who|that|which|to|with|in|across|by|from|so|because|when|where|while|at|on|through|without|like|of|around|near|since|using|over|under|above|below)\b.*$`}

// notAudience are first words of "for ..." phrases that name no audience
// ("for free", "for you", "for a limited time").
var notAudience = &wordSet{list: "free you your yourself us our me more less example instance details sale life years months days weeks hours minutes now today good ever everyone everybody anyone anybody it this that them those these what only just over up each every information help questions support any sure real fun as a an one two three all nothing something " +
	"orders purchases products items prices results features services updates news deliveries bookings reservations returns sales savings tips ideas jobs events payments invoices"}

func audience(in AnalyzeInput) string {
	var texts []string
	for i, p := range in.Pages {
		texts = append(texts, p.Description, p.Title)
		texts = append(texts, p.Headings...)
		texts = append(texts, p.Hero)
		if i > 0 || p.Hero == "" {
			texts = append(texts, sentences(p.Text)...)
		}
	}
	for _, t := range texts {
		for _, m := range forPhrase.get().FindAllStringSubmatch(t, -1) {
			phrase := clean(audienceEnd.get().ReplaceAllString(m[1], ""))
			phrase = strings.TrimPrefix(strings.TrimPrefix(phrase, "the "), "The ")
			if a := peoplePrefix(phrase); a != "" {
				return a
			}
		}
	}
	return ""
}

// peoplePrefix returns the longest start of phrase, at most 6 words, that
// ends in a plural or a word naming people ("freelancers get paid" gives
// "freelancers"), or "" when the phrase names no audience.
func peoplePrefix(phrase string) string {
	f := strings.Fields(phrase)
	if len(f) == 0 || notAudience.has(strings.ToLower(f[0])) {
		return ""
	}
	for n := min(len(f), 6); n > 0; n-- {
		last := strings.ToLower(strings.Trim(f[n-1], "'’"))
		if (strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && len(last) > 3) || people.has(last) {
			return strings.Join(f[:n], " ")
		}
	}
	return ""
}

// people are singular words that name an audience.
var people = &wordSet{list: "staff people everyone team business enterprise startup agency school family"}

// comparisonCue finds where a page compares itself with a named rival.
var comparisonCue = &lazyRegexp{expr: `(?i)\b(?:vs\.?|versus|alternatives?\s+to|compar(?:e|ed|ing)\s+(?:\S+\s+){0,3}?(?:to|with|against)|comparisons?\s+with|switch(?:ing)?\s+from|migrat(?:e|ing)\s+from|unlike|instead\s+of|(?:better|cheaper|faster|simpler|easier)\s+than)\s+`}

// trailingCue finds "<Name> vs" and "<Name> alternative".
var trailingCue = &lazyRegexp{expr: `(?i)\s+(?:vs\.?|versus|alternatives?)\b`}

// name is a capitalised name of one to three words ("FreshBooks",
// "Wave Accounting", "Monday.com").
var name = &lazyRegexp{expr: `^[\p{Lu}\d][\p{L}\d.&'’+-]*(?:\s+[\p{Lu}\d][\p{L}\d.&'’+-]*){0,2}`}

// listJoin continues a list of names (", Wave", " and Xero", " or Sage").
var listJoin = &lazyRegexp{expr: `^(?:,\s*|\s+(?:and|or|&)\s+|,\s*(?:and|or)\s+)`}

// notName are capitalised words that start headings, not names.
var notName = &wordSet{list: "the a an best top our your other more all why how see switch compare comparison comparisons alternative alternatives competitor competitors features pricing plans home blog we us vs versus free new better cheaper simple simpler easy easier"}

func competitors(in AnalyzeInput) []string {
	out := []string{}
	seen := map[string]bool{}
	add := func(n string) {
		n = trimName(n)
		if n == "" || seen[strings.ToLower(n)] || isBrand(n, in.BrandName) {
			return
		}
		seen[strings.ToLower(n)] = true
		out = append(out, n)
	}
	for _, t := range comparisonTexts(in) {
		for _, loc := range comparisonCue.get().FindAllStringIndex(t, -1) {
			rest := t[loc[1]:]
			for {
				n := name.get().FindString(rest)
				if n == "" {
					break
				}
				add(n)
				rest = rest[len(n):]
				j := listJoin.get().FindString(rest)
				if j == "" {
					break
				}
				rest = rest[len(j):]
			}
		}
		for _, loc := range trailingCue.get().FindAllStringIndex(t, -1) {
			before := strings.Fields(t[:loc[0]])
			if len(before) > 3 {
				before = before[len(before)-3:]
			}
			// The longest capitalised run that ends right before the cue,
			// unless the brand ends it ("Why Schools Pick Acme vs ..."):
			// then the page compares the brand itself.
			for i := 0; i < len(before); i++ {
				cand := strings.Join(before[i:], " ")
				if name.get().FindString(cand) == cand {
					if !endsWithBrand(before[i:], in.BrandName) {
						add(cand)
					}
					break
				}
			}
		}
	}
	if len(out) > 10 {
		out = out[:10]
	}
	return out
}

// endsWithBrand reports whether the last words of words name the brand.
func endsWithBrand(words []string, brand string) bool {
	for i := range words {
		if isBrand(strings.TrimRight(strings.Join(words[i:], " "), ".,;:!?'’"), brand) {
			return true
		}
	}
	return false
}

// comparisonTexts are the short texts where comparisons are named: titles,
// headings, link texts and sentences.
func comparisonTexts(in AnalyzeInput) []string {
	var texts []string
	for _, p := range in.Pages {
		texts = append(texts, p.Title, p.Description)
		texts = append(texts, p.Headings...)
		texts = append(texts, p.Hero)
		for _, l := range p.Links {
			texts = append(texts, l.Text)
		}
		texts = append(texts, sentences(p.Text)...)
	}
	return texts
}

// trimName drops heading words before a name ("The best FreshBooks") and
// trailing punctuation.
func trimName(n string) string {
	f := strings.Fields(strings.TrimRight(n, ".,;:!?'’"))
	for len(f) > 0 && notName.has(strings.ToLower(strings.TrimRight(f[0], ".,"))) {
		f = f[1:]
	}
	for len(f) > 0 && notName.has(strings.ToLower(strings.TrimRight(f[len(f)-1], ".,"))) {
		f = f[:len(f)-1]
	}
	return strings.TrimRight(strings.Join(f, " "), ".,;:!?'’")
}

// isBrand reports whether n is the brand or part of it ("Acme" of "Acme
// Invoice").
func isBrand(n, brand string) bool {
	if brand == "" {
		return false
	}
	sn, sb := squash(n), squash(brand)
	return sn == sb || strings.HasPrefix(sb, sn) || strings.HasPrefix(sn, sb)
}
