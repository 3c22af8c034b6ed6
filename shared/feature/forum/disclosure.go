package forum

import (
	"regexp"
	"strings"
	"sync"
)

// worksOn finds the words of a disclosure that say the writer works on the
// brand: "I work on", "I'm on the team", "I built", "founder of", "my
// company", "affiliated with" and their kin. It is compiled on first use,
// not as every function that links forum starts.
var worksOn = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(worksOnPattern) })

const worksOnPattern = `(?i)\b(?:` +
	`(?:i|we)(?:\s+am|\s+are|'m|’m|'re|’re)?\s+(?:work|working|employed)\s+(?:on|at|for|with)` +
	`|(?:i|we)\s+(?:built|build|made|make|founded|co-?founded|run|maintain|develop|developed|created|create|started|own|design|designed)` +
	`|(?:i|we)(?:\s+am|\s+are|'m|’m|'re|’re)\s+(?:on|part\s+of|one\s+of|with|from|behind)` +
	`|(?:co-?founder|founder|employee|maker|makers|developer|dev|engineer|team\s+member|creator|owner|ceo|cto|staff\s+member)s?\s+(?:of|at|on|behind|for)` +
	`|(?:my|our)\s+(?:own\s+)?(?:company|product|startup|team|app|tool|project|business|employer)` +
	`|affiliated\s+with|employed\s+by|works?\s+(?:on|at|for|with)|(?:i|we)\s+represent` +
	`)\b`

// disclosureProblem returns what is wrong with a disclosure line for a
// site whose brand is brand ("" when the site has none), or "": it must
// name the brand or hold the {brand} token, and say the writer works on it.
func disclosureProblem(line, brand string) string {
	namesBrand := strings.Contains(line, BrandToken) ||
		(brand != "" && strings.Contains(strings.ToLower(line), strings.ToLower(brand)))
	switch {
	case !namesBrand && brand == "":
		return "must use the {brand} token (the site has no brand name yet), e.g. \"Disclosure: I work on {brand}.\""
	case !namesBrand:
		return "must name the brand (" + brand + ") or use the {brand} token, e.g. \"Disclosure: I work on {brand}.\""
	case !saysWorksOn(line):
		return "must say that the writer works on the brand, e.g. \"Disclosure: I work on {brand}.\""
	}
	return ""
}

// disclosed reports whether text carries the disclosure: the line itself,
// or the brand named with words that say the writer works on it.
func disclosed(text, line, brand string) bool {
	lt := strings.ToLower(text)
	if line != "" && strings.Contains(lt, strings.ToLower(strings.TrimSpace(line))) {
		return true
	}
	return brand != "" && strings.Contains(lt, strings.ToLower(brand)) && saysWorksOn(text)
}

// negation finds a word that turns what follows into its opposite: "not",
// "n't", "never", "no longer", "neither", "nor".
var negation = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:\b(?:not|never|neither|nor|no\s+longer)\b|n[’']t\b)`)
})

// clauseBreak ends the clause a negation reaches over: a punctuation mark,
// or "but" (as in "I'm not paid, but I work on it").
var clauseBreak = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)[.!?;:,()\n]|\bbut\b`)
})

// saysWorksOn reports whether text says the writer works on something: a
// works-on phrase that no negation earlier in its clause turns around
// ("I do not work on", "I'm not affiliated with" say the opposite).
func saysWorksOn(text string) bool {
	for _, m := range worksOn().FindAllStringIndex(text, -1) {
		clause := text[:m[0]]
		if b := clauseBreak().FindAllStringIndex(clause, -1); len(b) > 0 {
			clause = clause[b[len(b)-1][1]:]
		}
		if !negation().MatchString(clause) {
			return true
		}
	}
	return false
}
