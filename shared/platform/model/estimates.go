package model

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"rvcontent/shared/kernel/fold"
)

// Search intents of a keyword (spec 2 Keyword).
const (
	IntentCommercial    = "Commercial"
	IntentInformational = "Informational"
	IntentTransactional = "Transactional"
	IntentNavigational  = "Navigational"
)

// Intents lists the four intents.
var Intents = []string{IntentCommercial, IntentInformational, IntentTransactional, IntentNavigational}

// Trends of a keyword's searches.
const (
	TrendRising    = "Rising"
	TrendSteady    = "Steady"
	TrendDeclining = "Declining"
)

// Trends lists the three trends.
var Trends = []string{TrendRising, TrendSteady, TrendDeclining}

// Competition levels of an idea's keyword.
const (
	CompetitionLow    = "Low"
	CompetitionMedium = "Medium"
	CompetitionHigh   = "High"
)

// Competitions lists the three competition levels.
var Competitions = []string{CompetitionLow, CompetitionMedium, CompetitionHigh}

// Canonical returns the value of allowed that s names, ignoring case and
// surrounding spaces, and whether there is one.
func Canonical(s string, allowed []string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, a := range allowed {
		if strings.EqualFold(s, a) {
			return a, true
		}
	}
	return "", false
}

// The estimates below are the offline model's planning estimates, and the
// fallback for any field another adapter leaves out. They follow fixed
// formulas of the phrase's shape, so the same phrase always gets the same
// numbers; they are not measured data.

// volumeByWords is the monthly searches of a phrase by its number of words
// (longer phrases are rarer): 1, 2, 3, 4, 5 and 6 or more words.
var volumeByWords = []float64{6000, 2400, 900, 400, 200, 90}

// intentVolume scales volume by intent: people look things up more often
// than they compare, buy or look for one brand; Commercial's for an
// unknown intent.
func intentVolume(intent string) float64 {
	switch intent {
	case IntentInformational:
		return 1.0
	case IntentTransactional:
		return 0.6
	case IntentNavigational:
		return 0.1
	}
	return 0.8
}

// clickShare is the share of a keyword's searches a well-ranked article
// can expect to receive, by intent; 0.2 when the intent is unknown.
func clickShare(intent string) float64 {
	switch intent {
	case IntentInformational:
		return 0.30
	case IntentCommercial:
		return 0.20
	case IntentTransactional:
		return 0.15
	case IntentNavigational:
		return 0.05
	}
	return 0.2
}

// EstimateVolume estimates the monthly searches of name with intent:
// volumeByWords[words] × intentVolume[intent], rounded to tens, at least
// 10.
func EstimateVolume(name, intent string) int {
	n := len(strings.Fields(name))
	if n == 0 {
		return 0
	}
	base := volumeByWords[min(n, len(volumeByWords))-1]
	return max(10, int(math.Round(base*intentVolume(intent)/10))*10)
}

// EstimateTraffic estimates the monthly visits an article ranking for a
// keyword of volume searches and intent receives: volume × the intent's
// click share (30% informational, 20% commercial or unknown, 15%
// transactional, 5% navigational), rounded.
func EstimateTraffic(volume int, intent string) int {
	return int(math.Round(float64(volume) * clickShare(intent)))
}

// EstimateCompetition estimates how contested a keyword is: commercial and
// transactional phrases of one or two words are High, longer ones Medium;
// informational phrases of one or two words are Medium, longer ones Low;
// navigational phrases are Low.
func EstimateCompetition(name, intent string) string {
	short := len(strings.Fields(name)) <= 2
	switch intent {
	case IntentCommercial, IntentTransactional:
		if short {
			return CompetitionHigh
		}
		return CompetitionMedium
	case IntentNavigational:
		return CompetitionLow
	}
	if short {
		return CompetitionMedium
	}
	return CompetitionLow
}

// EstimateAISignal estimates, from 0 to 100, how likely AI assistants are
// to answer a keyword's searches themselves and cite articles: questions
// 85, other informational phrases 70, comparisons ("best", "vs",
// "alternatives", "reviews") 60, other commercial phrases 55,
// transactional 30, navigational 20.
func EstimateAISignal(name, intent string) int {
	switch intent {
	case IntentInformational:
		if isQuestionPhrase(name) {
			return 85
		}
		return 70
	case IntentCommercial:
		if hasAnyWord(name, comparisonWords) {
			return 60
		}
		return 55
	case IntentTransactional:
		return 30
	case IntentNavigational:
		return 20
	}
	return 50
}

var (
	questionWords      = &wordSet{list: "how what why when which who where can should is are do does"}
	transactionalWords = &wordSet{list: "buy price prices pricing cost costs cheap discount deal deals coupon order hire quote subscription"}
	comparisonWords    = &wordSet{list: "best top vs versus review reviews alternative alternatives compare comparison"}
	navigationalWords  = &wordSet{list: "login signin log-in sign-in"}
)

// GuessIntent reads a phrase's intent from its words: questions are
// Informational; price and purchase words Transactional; comparison words
// Commercial; log-in words Navigational; anything else Informational.
func GuessIntent(name string) string {
	switch {
	case isQuestionPhrase(name):
		return IntentInformational
	case hasAnyWord(name, transactionalWords):
		return IntentTransactional
	case hasAnyWord(name, comparisonWords):
		return IntentCommercial
	case hasAnyWord(name, navigationalWords):
		return IntentNavigational
	}
	return IntentInformational
}

func isQuestionPhrase(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	return len(f) > 1 && questionWords.has(f[0])
}

func hasAnyWord(name string, vocabulary *wordSet) bool {
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if vocabulary.has(w) {
			return true
		}
	}
	return false
}

// hasWord reports whether name, lowercased, has word as one of its words.
func hasWord(name, word string) bool {
	return slices.Contains(strings.Fields(strings.ToLower(name)), word)
}

// NormalKeyword is a keyword name as the service stores it: letters with
// their accents composed (fold.Compose, so "e" and U+0301 is "é"),
// lowercase (a Greek sigma that ends a word as ς, as Unicode's Final_Sigma
// rule lowercases Σ there, so "ΚΑΦΕΣ" and "καφεσ" are "καφες"), surrounding
// spaces trimmed, inner whitespace collapsed to one space, invisible
// format characters dropped (DropInvisible).
func NormalKeyword(s string) string {
	return finalSigma(strings.Join(strings.Fields(strings.ToLower(fold.Compose(DropInvisible(s)))), " "))
}

// DropInvisible removes from s the format characters that show nothing
// and never change what a search phrase or topic reads: zero-width space
// U+200B, word joiner U+2060, zero-width no-break space (byte-order mark)
// U+FEFF and soft hyphen U+00AD. A name made only of them is empty, and
// one with them reads as (and is) the name without them. The zero-width
// joiner and non-joiner stay: they shape emoji and several scripts.
func DropInvisible(s string) string {
	if !strings.ContainsAny(s, invisible) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(invisible, r) {
			return -1
		}
		return r
	}, s)
}

// invisible lists the characters DropInvisible removes.
const invisible = "\u200b\u2060\ufeff\u00ad"

// finalSigma writes each σ of lowercase s that ends a word (a letter
// before it, none after it; combining marks are skipped) as ς.
func finalSigma(s string) string {
	if !strings.ContainsRune(s, 'σ') {
		return s
	}
	rs := []rune(s)
	letter := func(i, step int) bool {
		for ; i >= 0 && i < len(rs); i += step {
			if !unicode.Is(unicode.Mn, rs[i]) {
				return unicode.IsLetter(rs[i])
			}
		}
		return false
	}
	for i, r := range rs {
		if r == 'σ' && letter(i-1, -1) && !letter(i+1, 1) {
			rs[i] = 'ς'
		}
	}
	return string(rs)
}

// NormalTitle is the form in which titles are compared for repeats:
// lowercase, accents dropped, only letters and digits, words separated by
// one space ("How-to: Café Guide!" and "how to cafe guide" are the same).
func NormalTitle(s string) string {
	var b strings.Builder
	space := false
	for _, r := range fold.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}
