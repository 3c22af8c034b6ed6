package forum

import (
	"strings"
	"unicode"
)

// stopwords carry no topic of their own.
var stopwords = wordSet("a an the and or of for to in on at by with from as is are be am was were been our your their its we you they it this that these those who which what how all any every each more most into over per via than then so such i me my do does did can could would should will just not no but if about")

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Words splits s into lowercase words of letters and digits.
func Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// ContentWords returns the words of s that carry a topic, in order, with
// repeats.
func ContentWords(s string) []string {
	var out []string
	for _, w := range Words(s) {
		if !stopwords[w] {
			out = append(out, w)
		}
	}
	return out
}

// Stem returns a word's light stem, so "invoice", "invoices" and
// "invoicing" compare equal: a suffix of ing, ed, es or s is dropped from
// words longer than four letters, then a final e.
func Stem(w string) string {
	if len(w) > 4 {
		for _, suf := range []string{"ing", "ed", "es", "s"} {
			if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
				w = strings.TrimSuffix(w, suf)
				break
			}
		}
	}
	if len(w) > 3 {
		w = strings.TrimSuffix(w, "e")
	}
	return w
}

// Matches reports whether text holds every content word of query,
// compared by stem (a query of stopwords only matches nothing). The
// fixture forum searches with it.
func Matches(query, text string) bool {
	want := ContentWords(query)
	if len(want) == 0 {
		return false
	}
	have := map[string]bool{}
	for _, w := range Words(text) {
		have[Stem(w)] = true
	}
	for _, w := range want {
		if !have[Stem(w)] {
			return false
		}
	}
	return true
}

// vocabulary is a set of topic word stems.
type vocabulary map[string]bool

func (v vocabulary) add(texts ...string) {
	for _, t := range texts {
		for _, w := range ContentWords(t) {
			if len([]rune(w)) >= 3 {
				v[Stem(w)] = true
			}
		}
	}
}

// hits returns how many distinct words of text are in v.
func (v vocabulary) hits(text string) int {
	seen := map[string]bool{}
	for _, w := range Words(text) {
		if st := Stem(w); v[st] {
			seen[st] = true
		}
	}
	return len(seen)
}

// density returns the share of text's content words that are in v (0 for
// a text without content words).
func (v vocabulary) density(text string) float64 {
	words := ContentWords(text)
	if len(words) == 0 {
		return 0
	}
	n := 0
	for _, w := range words {
		if v[Stem(w)] {
			n++
		}
	}
	return float64(n) / float64(len(words))
}
