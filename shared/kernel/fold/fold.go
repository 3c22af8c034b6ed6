// Package fold takes the accents off Latin letters, as slugs and title
// comparisons need: "Café Crème" folds to "Cafe Creme". It covers the Latin
// letters of Latin-1 and Latin Extended-A and -B, a few ligatures, and the
// full-width forms of ASCII; combining marks are dropped; any other
// character is kept as it is. It stands in for Unicode NFKD decomposition,
// whose tables would add a quarter of a megabyte to every function for the
// same result on the text this service folds.
package fold

import (
	"strings"
	"sync"
	"unicode"
)

// groups lists base letters and the accented letters that fold to each.
var groups = []struct{ base, from string }{
	{"a", "àáâãäåāăąǎǟǡǻȁȃȧ"}, {"A", "ÀÁÂÃÄÅĀĂĄǍǞǠǺȀȂȦ"},
	{"c", "çćĉċč"}, {"C", "ÇĆĈĊČ"},
	{"d", "ďđ"}, {"D", "ĎĐ"},
	{"e", "èéêëēĕėęěȅȇȩ"}, {"E", "ÈÉÊËĒĔĖĘĚȄȆȨ"},
	{"g", "ĝğġģǧǵ"}, {"G", "ĜĞĠĢǦǴ"},
	{"h", "ĥħȟ"}, {"H", "ĤĦȞ"},
	{"i", "ìíîïĩīĭįıǐȉȋ"}, {"I", "ÌÍÎÏĨĪĬĮİǏȈȊ"},
	{"j", "ĵǰ"}, {"J", "Ĵ"},
	{"k", "ķǩ"}, {"K", "ĶǨ"},
	{"l", "ĺļľŀł"}, {"L", "ĹĻĽĿŁ"},
	{"n", "ñńņňǹ"}, {"N", "ÑŃŅŇǸ"},
	{"o", "òóôõöøōŏőǒǫǭǿȍȏȫȭȯȱ"}, {"O", "ÒÓÔÕÖØŌŎŐǑǪǬǾȌȎȪȬȮȰ"},
	{"r", "ŕŗřȑȓ"}, {"R", "ŔŖŘȐȒ"},
	{"s", "śŝşšș"}, {"S", "ŚŜŞŠȘ"},
	{"t", "ţťŧț"}, {"T", "ŢŤŦȚ"},
	{"u", "ùúûüũūŭůűųǔǖǘǚǜȕȗ"}, {"U", "ÙÚÛÜŨŪŬŮŰŲǓǕǗǙǛȔȖ"},
	{"w", "ŵ"}, {"W", "Ŵ"},
	{"y", "ýÿŷȳ"}, {"Y", "ÝŶŸȲ"},
	{"z", "źżžƶ"}, {"Z", "ŹŻŽƵ"},
	{"ae", "æǽǣ"}, {"AE", "ÆǼǢ"}, {"oe", "œ"}, {"OE", "Œ"}, {"ss", "ß"},
	{"fi", "ﬁ"}, {"fl", "ﬂ"}, {"ff", "ﬀ"}, {"ffi", "ﬃ"}, {"ffl", "ﬄ"},
}

// table maps each folded letter to its base, built at first use.
var table = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	for _, g := range groups {
		for _, r := range g.from {
			m[r] = g.base
		}
	}
	return m
})

// String returns s with the accents of its Latin letters taken off,
// ligatures spelled out, full-width ASCII made ASCII and combining marks
// dropped.
func String(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	t := table()
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r):
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
			b.WriteRune(r - 0xFEE0)
		default:
			if base, ok := t[r]; ok {
				b.WriteString(base)
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// Slug returns s as the words of a slug: lowercase, folded (String), each
// run of characters other than ASCII letters and digits made one hyphen,
// none at either end ("Café Crème!" gives "cafe-creme"). Article slugs are
// made with it, and whatever is looked for in one must be folded alike.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range String(strings.ToLower(s)) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
