package fold

import (
	"sort"
	"strings"
	"unicode"
)

//go:generate go run ./gen

// composition is one canonical composition: base followed by mark is
// composed.
type composition struct{ base, mark, composed rune }

// Compose returns s with each letter of the Latin, Greek and Cyrillic
// blocks followed by combining marks written as the one precomposed letter
// they make, as Unicode NFC does ("e" and U+0301 become "é"), so text typed
// or pasted in decomposed form compares equal to the same text precomposed.
// Marks that compose with nothing stay as they are.
func Compose(s string) string {
	if !hasMark(s) {
		return s
	}
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if n := len(out); n > 0 && unicode.Is(unicode.Mn, r) {
			if c, ok := compose(out[n-1], r); ok {
				out[n-1] = c
				continue
			}
		}
		out = append(out, r)
	}
	return string(out)
}

// hasMark reports whether s has a combining mark: what most text has not.
func hasMark(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= 0x300 && unicode.Is(unicode.Mn, r) }) >= 0
}

// compose looks base and mark up in compositions.
func compose(base, mark rune) (rune, bool) {
	i := sort.Search(len(compositions), func(i int) bool {
		c := compositions[i]
		return c.base > base || (c.base == base && c.mark >= mark)
	})
	if i < len(compositions) && compositions[i].base == base && compositions[i].mark == mark {
		return compositions[i].composed, true
	}
	return 0, false
}
