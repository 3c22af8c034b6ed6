package backlinks

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// leadIn opens the sentence that carries a link when none of the anchor
// texts is already in the article.
const leadIn = "For more on this, see "

// lineKind is what a Markdown line is, for link insertion.
type lineKind int

const (
	lineOther     lineKind = iota // code, heading, table, HTML, rule: never touched
	lineBlank                     // separates paragraphs
	lineParagraph                 // paragraph text
	lineQuoted                    // list item or block quote text
)

// classify returns the kind of each line of a Markdown body.
func classify(lines []string) []lineKind {
	kinds := make([]lineKind, len(lines))
	fence := ""
	for i, raw := range lines {
		t := strings.TrimSpace(raw)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			kinds[i] = lineOther
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
			kinds[i] = lineOther
		case t == "":
			kinds[i] = lineBlank
		case strings.HasPrefix(raw, "    ") || strings.HasPrefix(raw, "\t"),
			strings.HasPrefix(t, "#"), strings.HasPrefix(t, "|"), strings.HasPrefix(t, "<"):
			kinds[i] = lineOther
		case isRule(t):
			kinds[i] = lineOther
			if i > 0 && kinds[i-1] == lineParagraph && !strings.HasPrefix(t, "*") {
				kinds[i-1] = lineOther // setext heading underline
			}
		case listItem().MatchString(t) || strings.HasPrefix(t, ">"):
			kinds[i] = lineQuoted
		default:
			kinds[i] = lineParagraph
		}
	}
	return kinds
}

var listItem = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([-*+]|\d+[.)])\s`) })

// isRule reports whether t is a thematic break or a setext underline.
func isRule(t string) bool {
	s := strings.ReplaceAll(t, " ", "")
	if len(s) < 2 {
		return false
	}
	c := s[0]
	return (c == '-' || c == '=' || c == '*' || c == '_') && strings.Count(s, string(c)) == len(s)
}

// protected matches the parts of a line a link must not go into: code
// spans, links and images, bracketed text, HTML tags and bare URLs.
var protected = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("`[^`]*`" + `|!?\[[^\]]*\]\([^)]*\)|!?\[[^\]]*\]\[[^\]]*\]|\[[^\]]*\]|<[^>]*>|https?://[^\s)]+`)
})

// findPhrase returns the byte range of the first whole-word occurrence of
// phrase in line (case and spacing aside) outside protected parts.
func findPhrase(line, phrase string) (int, int, bool) {
	words := strings.Fields(phrase)
	if len(words) == 0 {
		return 0, 0, false
	}
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(`(?i)` + strings.Join(words, `\s+`))
	if err != nil {
		return 0, 0, false
	}
	guarded := protected().FindAllStringIndex(line, -1)
	for _, m := range re.FindAllStringIndex(line, -1) {
		if inside(m, guarded) || !boundary(line, m[0], m[1]) {
			continue
		}
		return m[0], m[1], true
	}
	return 0, 0, false
}

func inside(m []int, ranges [][]int) bool {
	for _, r := range ranges {
		if m[0] < r[1] && m[1] > r[0] {
			return true
		}
	}
	return false
}

// boundary reports whether [start, end) of s is a whole word or phrase.
func boundary(s string, start, end int) bool {
	if start > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:start])
		if wordRune(r) {
			return false
		}
	}
	if end < len(s) {
		r, _ := utf8.DecodeRuneInString(s[end:])
		if wordRune(r) {
			return false
		}
	}
	return true
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// mdLink returns a Markdown link to target with text, Markdown the
// article already holds (the host's own words: only its brackets are
// escaped).
func mdLink(text, target string) string {
	return "[" + strings.NewReplacer(`[`, `\[`, `]`, `\]`).Replace(text) + "](" + linkTarget(target) + ")"
}

// plainLink returns a Markdown link to target with text, plain text
// another account wrote (an anchor): every character Markdown or HTML
// would read as more than a character is escaped, so the text can carry
// no markup, tag or image into the host's article.
func plainLink(text, target string) string {
	return "[" + markdownText().Replace(text) + "](" + linkTarget(target) + ")"
}

// markdownText escapes the ASCII punctuation Markdown gives a meaning in
// running text (CommonMark lets any of it be escaped with a backslash).
var markdownText = sync.OnceValue(func() *strings.Replacer {
	var pairs []string
	for _, c := range "\\`*_{}[]()<>#+-.!|&~\"'" {
		pairs = append(pairs, string(c), "\\"+string(c))
	}
	return strings.NewReplacer(pairs...)
})

// linkTarget is target as a Markdown link's destination: the characters
// that could end the destination or start markup percent-encoded, as a
// URL may always write them.
func linkTarget(target string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E", `"`, "%22", "`", "%60", `\`, "%5C").Replace(target)
}

// InsertLink returns body with one Markdown link to target, and the anchor
// text used. The anchors are tried in turn from index first: the first one
// found as a whole phrase in paragraph, list or quote text (outside code,
// links, images, HTML, headings and tables) is linked where it stands, its
// words unchanged. When none is found, the sentence "For more on this, see
// [anchor](target)." with anchors[first] ends the paragraph sharing the most
// words with that anchor (the last paragraph when none shares any), or
// becomes a paragraph of its own at the end of a body without paragraphs.
func InsertLink(body, target string, anchors []string, first int) (string, string) {
	n := len(anchors)
	if n == 0 {
		return body, ""
	}
	first = ((first % n) + n) % n
	lines := strings.Split(body, "\n")
	kinds := classify(lines)
	for i := 0; i < n; i++ {
		a := anchors[(first+i)%n]
		for li, line := range lines {
			if kinds[li] != lineParagraph && kinds[li] != lineQuoted {
				continue
			}
			if start, end, ok := findPhrase(line, a); ok {
				lines[li] = line[:start] + mdLink(line[start:end], target) + line[end:]
				return strings.Join(lines, "\n"), a
			}
		}
	}
	a := anchors[first]
	sentence := leadIn + plainLink(a, target) + "."
	last := bestParagraph(lines, kinds, a)
	if last < 0 {
		trimmed := strings.TrimRight(body, "\n \t")
		if trimmed == "" {
			return sentence + "\n", a
		}
		return trimmed + "\n\n" + sentence + "\n", a
	}
	lines[last] = endSentence(strings.TrimRight(lines[last], " \t")) + " " + sentence
	return strings.Join(lines, "\n"), a
}

// bestParagraph returns the index of the last line of the paragraph that
// shares the most words of four letters or more with anchor (the earliest
// on a tie, the last paragraph when none shares any), or -1 without
// paragraphs.
func bestParagraph(lines []string, kinds []lineKind, anchor string) int {
	want := map[string]bool{}
	for _, w := range words(anchor) {
		want[w] = true
	}
	best, bestScore, last := -1, 0, -1
	score := 0
	seen := map[string]bool{}
	for i := range lines {
		if kinds[i] != lineParagraph {
			continue
		}
		for _, w := range words(lines[i]) {
			if want[w] && !seen[w] {
				seen[w] = true
				score++
			}
		}
		if i+1 == len(lines) || kinds[i+1] != lineParagraph { // paragraph ends here
			if score > bestScore {
				best, bestScore = i, score
			}
			last, score, seen = i, 0, map[string]bool{}
		}
	}
	if best < 0 {
		return last
	}
	return best
}

// words returns the lowercase words of four letters or more in s.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !wordRune(r) }) {
		if utf8.RuneCountInString(w) >= 4 {
			out = append(out, w)
		}
	}
	return out
}

// endSentence makes line end a sentence before another is added.
func endSentence(line string) string {
	core := strings.TrimRight(line, `*_"')`)
	if core == "" {
		return line
	}
	switch core[len(core)-1] {
	case '.', '!', '?':
		return line
	case ':', ';', ',':
		return line[:len(core)-1] + "." + line[len(core):]
	}
	return line + "."
}

// linkPattern matches Markdown links to target, capturing their text: its
// destination as linkTarget writes it, or as bodies linked before it wrote
// them (the target as is, or between < and >).
func linkPattern(target string) *regexp.Regexp {
	dest := `(?:<` + regexp.QuoteMeta(target) + `>|` + regexp.QuoteMeta(target) + `|` + regexp.QuoteMeta(linkTarget(target)) + `)`
	return regexp.MustCompile(`\[((?:[^\]\\]|\\.)*)\]\(` + dest + `\)`)
}

// Unlink returns body with every Markdown link to target replaced by its
// text, and whether there was any.
func Unlink(body, target string) (string, bool) {
	re := linkPattern(target)
	if !re.MatchString(body) {
		return body, false
	}
	unescape := strings.NewReplacer(`\[`, `[`, `\]`, `]`)
	return re.ReplaceAllStringFunc(body, func(m string) string {
		return unescape.Replace(re.FindStringSubmatch(m)[1])
	}), true
}

// HasLink reports whether body holds a Markdown link to target.
func HasLink(body, target string) bool { return linkPattern(target).MatchString(body) }
