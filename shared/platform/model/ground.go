package model

import (
	"regexp"
	"strings"
)

// MaxPhrase is the longest niche or audience Ground keeps, in characters.
const MaxPhrase = 160

// Ground keeps only the parts of s that the pages of in support, whatever
// adapter produced it:
//   - niche and audience survive when every word that carries meaning
//     appears in the pages (a plural or singular form counts), at most
//     MaxPhrase characters;
//   - a competitor survives when the pages name it in a comparison ("vs",
//     "versus", "alternative", "compare", "switch from", "unlike", "instead
//     of", "competitor", "better than") and it is not the brand.
//
// Competitors is never nil.
func Ground(s Summary, in AnalyzeInput) Summary {
	c := newCorpus(in)
	out := Summary{Competitors: []string{}}
	if c.supports(s.Niche) {
		out.Niche = clean(s.Niche)
	}
	if c.supports(s.Audience) {
		out.Audience = clean(s.Audience)
	}
	seen := map[string]bool{}
	for _, n := range s.Competitors {
		n = clean(n)
		key := strings.ToLower(n)
		if n == "" || len(n) > 60 || seen[key] || isBrand(n, in.BrandName) || !c.compares(n) {
			continue
		}
		seen[key] = true
		out.Competitors = append(out.Competitors, n)
	}
	return out
}

// corpus is the text of the pages, as words and as comparison passages.
type corpus struct {
	words       map[string]bool
	comparisons []string // lowercased texts that contain a comparison cue
}

// cue marks a passage that compares the business with others.
var cue = &lazyRegexp{expr: `(?i)\b(?:vs\.?|versus|alternatives?|compar(?:e|ed|es|ing|ison|isons)|switch(?:ing)?\s+from|migrat(?:e|ing)\s+from|unlike|instead\s+of|competitors?|(?:better|cheaper|faster|simpler|easier)\s+than)\b`}

func newCorpus(in AnalyzeInput) *corpus {
	c := &corpus{words: map[string]bool{}}
	for _, p := range in.Pages {
		for _, t := range append([]string{p.Title, p.Description, p.Hero, p.Text}, p.Headings...) {
			for _, w := range words(t) {
				c.words[strings.Trim(w, "'’")] = true
			}
		}
		for _, l := range p.Links {
			for _, w := range words(l.Text) {
				c.words[strings.Trim(w, "'’")] = true
			}
		}
	}
	for _, t := range comparisonTexts(in) {
		if cue.get().MatchString(t) {
			c.comparisons = append(c.comparisons, strings.ToLower(t))
		}
	}
	return c
}

// supports reports whether every meaningful word of phrase is in the pages.
func (c *corpus) supports(phrase string) bool {
	phrase = clean(phrase)
	if phrase == "" || len(phrase) > MaxPhrase {
		return false
	}
	ws := contentWords(phrase)
	if len(ws) == 0 {
		return false
	}
	for _, w := range ws {
		if !c.words[w] && !c.words[w+"s"] && !c.words[strings.TrimSuffix(w, "s")] && !c.words[w+"es"] {
			return false
		}
	}
	return true
}

// compares reports whether some comparison passage names n as a whole word.
func (c *corpus) compares(n string) bool {
	re, err := regexp.Compile(`(?:^|[^\p{L}\d])` + regexp.QuoteMeta(strings.ToLower(n)) + `(?:$|[^\p{L}\d])`)
	if err != nil {
		return false
	}
	for _, t := range c.comparisons {
		if re.MatchString(t) {
			return true
		}
	}
	return false
}
