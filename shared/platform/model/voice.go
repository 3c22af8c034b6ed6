package model

import (
	"regexp"
	"strings"
)

// avoidRule reads a house rule that bans words: "Avoid jargon like
// 'synergy'", "Never use the word “cheap”", "Don't say leverage, utilise".
var avoidRule = &lazyRegexp{expr: `(?i)^(?:avoid|never\s+(?:use|say|write|mention)|don'?t\s+(?:use|say|write|mention)|do\s+not\s+(?:use|say|write|mention)|no)\s*:?\s+(?:the\s+)?(?:(?:words?|phrases?|terms?|jargon)\s+(?:like\s+|such\s+as\s+)?)?(.+?)\.?$`}

// quoted finds quoted phrases in a rule.
var quoted = &lazyRegexp{expr: `["“'‘]([^"”'’]{2,60})["”'’]`}

// listSeparator splits "a, b or c".
var listSeparator = &lazyRegexp{expr: `\s*(?:,|\bor\b|\band\b|/)\s*`}

// BannedPhrases returns the phrases the brand voice rules forbid, lower
// case: a rule starting with "avoid", "never use/say/write", "don't
// use/say" or "do not use/say" bans its quoted phrases, or else the comma-
// or "or"-separated words after the verb (at most three words each).
func BannedPhrases(rules []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range rules {
		m := avoidRule.get().FindStringSubmatch(strings.TrimSpace(r))
		if m == nil {
			continue
		}
		var phrases []string
		if q := quoted.get().FindAllStringSubmatch(m[1], -1); len(q) > 0 {
			for _, p := range q {
				phrases = append(phrases, p[1])
			}
		} else {
			for _, p := range listSeparator.get().Split(m[1], -1) {
				if len(strings.Fields(p)) <= 3 {
					phrases = append(phrases, p)
				}
			}
		}
		for _, p := range phrases {
			p = strings.ToLower(clean(p))
			if len(p) >= 2 && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// containsPhrase reports whether text holds phrase as whole words, ignoring
// case.
func containsPhrase(text, phrase string) bool {
	re, err := regexp.Compile(`(?i)(^|[^\pL\pN])` + regexp.QuoteMeta(phrase) + `($|[^\pL\pN])`)
	return err == nil && re.MatchString(text)
}

// dropBanned removes the lines of a Markdown text that use a banned phrase
// outside the names it must keep (keyword, title, brand): headings and a
// table's header stay, other lines (table rows included) go. It is how the offline model follows
// "avoid" rules: it leaves out its own sentences rather than rewording.
func dropBanned(markdown string, banned []string, keep ...string) string {
	if len(banned) == 0 {
		return markdown
	}
	var out []string
	prev := ""
	for _, line := range strings.Split(markdown, "\n") {
		t := strings.TrimSpace(line)
		// Headings, a table's header and separator rows stay.
		header := strings.HasPrefix(t, "|") && (!strings.HasPrefix(prev, "|") || strings.Contains(t, "---"))
		if strings.HasPrefix(t, "#") || header || !usesBanned(line, banned, keep) {
			out = append(out, line)
		}
		prev = t
	}
	return collapseBlankLines(strings.Join(out, "\n"))
}

func usesBanned(line string, banned, keep []string) bool {
	text := line
	for _, k := range keep {
		if k != "" {
			text = regexp.MustCompile(`(?i)`+regexp.QuoteMeta(k)).ReplaceAllString(text, " ")
		}
	}
	for _, b := range banned {
		if containsPhrase(text, b) {
			return true
		}
	}
	return false
}

var blankRun = &lazyRegexp{expr: `\n{3,}`}

func collapseBlankLines(s string) string { return blankRun.get().ReplaceAllString(s, "\n\n") }
