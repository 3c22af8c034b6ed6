package model

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// stopwords are words that carry no meaning of their own; grounding checks
// ignore them.
var stopwords = &wordSet{list: "a an the and or of for to in on at by with from as is are be our your their its we you they it this that these those who which what how all any every each more most into over per via than then so such"}

// wordSet is a set of words, built the first time it is asked. A
// package-level one is plain data: the package's sets are read by few
// calls, and building them (or even preparing to) as the package starts
// would add code and time to every function that links the package.
type wordSet struct {
	list  string // the words, space-separated
	once  sync.Once
	words map[string]bool
}

// has reports whether w is in the set.
func (s *wordSet) has(w string) bool {
	s.once.Do(func() {
		s.words = map[string]bool{}
		for _, w := range strings.Fields(s.list) {
			s.words[w] = true
		}
	})
	return s.words[w]
}

// lazyRegexp is a regular expression compiled the first time it is used;
// like wordSet, a package-level one is plain data.
type lazyRegexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

// get returns the compiled expression.
func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

// words splits s into lowercase words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’'
	})
}

// contentWords returns the words of s that carry meaning.
func contentWords(s string) []string {
	var out []string
	for _, w := range words(s) {
		w = strings.Trim(w, "'’")
		if w != "" && !stopwords.has(w) {
			out = append(out, w)
		}
	}
	return out
}

// clean collapses whitespace and trims spaces and trailing punctuation.
func clean(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimRight(strings.TrimSpace(s), ".,;:!?-–—|·•")
}

// sentenceEnd splits text into sentences and lines.
var sentenceEnd = &lazyRegexp{expr: `[.!?]+(\s+|$)|\n+|\s[|•·]\s`}

// sentences splits text into trimmed sentences.
func sentences(text string) []string {
	var out []string
	for _, s := range sentenceEnd.get().Split(text, -1) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// titleSeparator splits a page title into its segments ("Acme | Invoicing
// for freelancers").
var titleSeparator = &lazyRegexp{expr: `\s+[-–—:|·•]\s+|\s*[|·•]\s*|:\s+`}

// TitleSegments splits a page title into its cleaned segments ("Acme |
// Invoicing for freelancers" gives "Acme" and "Invoicing for freelancers").
func TitleSegments(title string) []string {
	var out []string
	for _, s := range titleSeparator.get().Split(title, -1) {
		if s = clean(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// SameName reports whether a and b are the same name, ignoring case, spaces
// and punctuation.
func SameName(a, b string) bool {
	na, nb := squash(a), squash(b)
	return na != "" && na == nb
}

func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// firstWords returns at most n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}

// lazyReplacer is a strings.Replacer built the first time it is used from
// its old, new pairs; like wordSet, a package-level one is plain data.
type lazyReplacer struct {
	pairs []string
	once  sync.Once
	r     *strings.Replacer
}

// get returns the replacer.
func (l *lazyReplacer) get() *strings.Replacer {
	l.once.Do(func() { l.r = strings.NewReplacer(l.pairs...) })
	return l.r
}
