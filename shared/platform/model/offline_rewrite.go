package model

import (
	"context"
	"errors"
	"strings"
)

// ErrRulesLeaveNothing is RewritePassage's answer when the house rules
// leave nothing of the passage: every line of it breaks an "avoid" rule.
// Retrying gives the same answer; the rule or the passage has to change.
var ErrRulesLeaveNothing = errors.New("model: the brand voice's rules leave nothing of the passage")

// RewritePassage edits a Markdown passage by fixed rules chosen from the
// instructions' words, so the same passage and instructions always give
// the same result, and adds nothing that was not in the passage:
//   - "list", "bullet" or "points": each sentence of its paragraphs
//     becomes a bullet;
//   - "short", "concise", "brief", "trim", "tighten" or "cut": each
//     paragraph keeps its first sentence;
//   - "formal": contractions are spelled out; "casual", "friendly" or
//     "conversational": common phrases are contracted;
//   - always: filler phrases are tightened ("in order to" becomes "to")
//     and sentences over 30 words are split at a joining "and" or "but".
//
// Headings, tables and code keep their text; "avoid" house rules drop the
// lines that would break them (ErrRulesLeaveNothing when that is every
// line). Casual and formal tones of the site apply when the instructions
// name neither.
func (Offline) RewritePassage(_ context.Context, b PassageBrief) (string, error) {
	in := strings.ToLower(b.Instructions)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(in, w) {
				return true
			}
		}
		return false
	}
	blocks := splitBlocks(b.Passage)
	for i, blk := range blocks {
		if !blk.prose {
			continue
		}
		text := tighten(blk.text)
		if has("short", "concise", "brief", "trim", "tighten", "cut") {
			text = firstSentences(text, 1)
		}
		text = splitLong(text)
		if has("list", "bullet", "points") && !blk.listItem {
			text = bullets(text)
		}
		blocks[i].text = text
	}
	out := joinBlocks(blocks)
	tone := strings.ToLower(b.Tone)
	switch {
	case has("formal"):
		out = expand(out)
	case has("casual", "friendly", "conversational"),
		!has("formal") && (strings.Contains(tone, "friendly") || strings.Contains(tone, "conversational") || strings.Contains(tone, "playful")):
		out = contract(out, b.Keyword, b.Title, b.Brand)
	}
	out = strings.TrimSpace(dropBanned(out, BannedPhrases(b.BrandVoice), b.Keyword, b.Title, b.Brand))
	if out == "" && strings.TrimSpace(b.Passage) != "" {
		return "", ErrRulesLeaveNothing
	}
	return out, nil
}

// block is a paragraph, list item, heading, table or code block of a
// passage; only prose (paragraphs and list items) is edited.
type block struct {
	prefix   string // "- ", "1. " for list items
	text     string
	prose    bool
	listItem bool
}

var listMarker = &lazyRegexp{expr: `^(\s*(?:[-*+]|\d+[.)])\s+)`}

// splitBlocks cuts Markdown into blocks at blank lines and list items.
func splitBlocks(md string) []block {
	var out []block
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, block{text: strings.Join(para, " "), prose: true})
			para = nil
		}
	}
	inCode := false
	for _, line := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			flush()
			inCode = !inCode
			out = append(out, block{text: line})
		case inCode, strings.HasPrefix(t, "#"), strings.HasPrefix(t, "|"), strings.HasPrefix(t, ">"):
			flush()
			out = append(out, block{text: line})
		case t == "":
			flush()
			out = append(out, block{})
		case listMarker.get().MatchString(line):
			flush()
			m := listMarker.get().FindString(line)
			out = append(out, block{prefix: m, text: strings.TrimSpace(line[len(m):]), prose: true, listItem: true})
		default:
			para = append(para, t)
		}
	}
	flush()
	return out
}

func joinBlocks(blocks []block) string {
	var b strings.Builder
	for i, blk := range blocks {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(blk.prefix + blk.text)
	}
	return collapseBlankLines(b.String())
}

// filler is a wordy phrase and its tighter form.
type filler struct {
	re   *lazyRegexp
	with string
}

// fillers are the filler rules, each compiled on first use.
var fillers = []filler{
	{&lazyRegexp{expr: `(?i)\bin order to\b`}, "to"},
	{&lazyRegexp{expr: `(?i)\bdue to the fact that\b`}, "because"},
	{&lazyRegexp{expr: `(?i)\ba (?:large|great) number of\b`}, "many"},
	{&lazyRegexp{expr: `(?i)\ba lot of\b`}, "many"},
	{&lazyRegexp{expr: `(?i)\bat this point in time\b`}, "now"},
	{&lazyRegexp{expr: `(?i)\bin the event that\b`}, "if"},
	{&lazyRegexp{expr: `(?i)\bfor the purpose of\b`}, "for"},
	{&lazyRegexp{expr: `(?i)\bis able to\b`}, "can"},
	{&lazyRegexp{expr: `(?i)\bare able to\b`}, "can"},
	{&lazyRegexp{expr: `(?i)\b(?:very|really|basically|actually|simply|just|quite) `}, ""},
}

// tighten applies the filler rules, keeping a sentence's capital.
func tighten(s string) string {
	for _, f := range fillers {
		s = f.re.get().ReplaceAllStringFunc(s, func(m string) string {
			if f.with == "" || m[0] < 'A' || m[0] > 'Z' {
				return f.with
			}
			return capFirst(f.with)
		})
	}
	return fixSentenceStarts(strings.Join(strings.Fields(s), " "))
}

var sentenceStart = &lazyRegexp{expr: `(^|[.!?]\s+)(\p{Ll})`}

// fixSentenceStarts capitalises the first letter of every sentence.
func fixSentenceStarts(s string) string {
	return sentenceStart.get().ReplaceAllStringFunc(s, strings.ToUpper)
}

var joiner = &lazyRegexp{expr: `,? (and|but) `}

// splitLong splits sentences of more than 30 words at their first joining
// "and" or "but" after the fifth word.
func splitLong(text string) string {
	var out []string
	for _, s := range splitSentences(text) {
		if len(strings.Fields(s)) > 30 {
			for _, loc := range joiner.get().FindAllStringSubmatchIndex(s, -1) {
				if len(strings.Fields(s[:loc[0]])) >= 5 && len(strings.Fields(s[loc[1]:])) >= 5 {
					first := strings.TrimRight(s[:loc[0]], ",") + "."
					rest := s[loc[1]:]
					if s[loc[2]:loc[3]] == "but" {
						rest = "But " + rest
					}
					s = first + " " + capFirst(rest)
					break
				}
			}
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// splitSentences cuts prose into sentences, keeping their punctuation.
func splitSentences(text string) []string {
	var out []string
	start := 0
	for _, loc := range sentenceBoundary.get().FindAllStringIndex(text, -1) {
		end := loc[0] + 1
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// bullets turns a paragraph's sentences into a bulleted list.
func bullets(text string) string {
	var b strings.Builder
	for i, s := range splitSentences(text) {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("- " + s)
	}
	return b.String()
}

var expansions = &lazyReplacer{pairs: []string{
	"don't", "do not", "Don't", "Do not", "doesn't", "does not", "isn't", "is not", "aren't", "are not",
	"it's", "it is", "It's", "It is", "you'll", "you will", "You'll", "You will", "can't", "cannot",
	"you're", "you are", "You're", "You are", "that's", "that is", "what's", "what is", "won't", "will not",
}}

// expand spells contractions out outside headings and quotes.
func expand(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, ">") {
			lines[i] = expansions.get().Replace(l)
		}
	}
	return strings.Join(lines, "\n")
}
