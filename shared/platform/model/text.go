package model

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// stopwords are words that carry no meaning of their own; grounding checks
// ignore them.
var stopwords = set("a an the and or of for to in on at by with from as is are be our your their its we you they it this that these those who which what how all any every each more most into over per via than then so such")

// wordSet is a set of words, built the first time it is asked: the
// package's sets are read by few calls, and building them all as the
// package starts would add to every function's cold start.
type wordSet struct {
	words func() map[string]bool
}

// set returns the set of the space-separated words.
func set(words string) wordSet {
	return wordSet{words: sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(words) {
			m[w] = true
		}
		return m
	})}
}

// has reports whether w is in the set.
func (s wordSet) has(w string) bool { return s.words()[w] }

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
var sentenceEnd = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[.!?]+(\s+|$)|\n+|\s[|•·]\s`) })

// sentences splits text into trimmed sentences.
func sentences(text string) []string {
	var out []string
	for _, s := range sentenceEnd().Split(text, -1) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// titleSeparator splits a page title into its segments ("Acme | Invoicing
// for freelancers").
var titleSeparator = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s+[-–—:|·•]\s+|\s*[|·•]\s*|:\s+`) })

// TitleSegments splits a page title into its cleaned segments ("Acme |
// Invoicing for freelancers" gives "Acme" and "Invoicing for freelancers").
func TitleSegments(title string) []string {
	var out []string
	for _, s := range titleSeparator().Split(title, -1) {
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
