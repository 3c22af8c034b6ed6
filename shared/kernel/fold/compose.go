package fold

import (
	"slices"
	"sort"
	"strings"
	"unicode"
)

//go:generate go run ./gen

// composition is one canonical composition: base followed by mark is
// composed.
type composition struct{ base, mark, composed rune }

// Compose returns s in Unicode NFC for the letters of the Latin, Greek
// and Cyrillic blocks ("e" and U+0301 become "é"), so text typed or pasted
// in decomposed form, or with a letter's marks in another order, compares
// equal to the same text precomposed: as NFC does, the covered letters are
// decomposed, each run of marks is put in canonical order (by combining
// class), and marks are composed with the letter before them unless a
// mark of the same or a higher class stands between. Characters NFC
// replaces on their own (U+1F71 is U+03AC) are replaced too. Marks that
// compose with nothing stay as they are.
func Compose(s string) string {
	if !needsWork(s) {
		return s
	}
	d := make([]rune, 0, len(s))
	for _, r := range s {
		if x, ok := decompositions[r]; ok {
			d = append(d, []rune(x)...)
		} else {
			d = append(d, r)
		}
	}
	for i := 0; i < len(d); i++ {
		j := i
		for j < len(d) && combiningClass[d[j]] > 0 {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(d[i:j], func(a, b rune) int { return int(combiningClass[a]) - int(combiningClass[b]) })
		}
		i = j
	}
	out := make([]rune, 0, len(d))
	starter := -1  // index in out of the last starter
	var last uint8 // class of the last mark kept after it
	for _, r := range d {
		class := combiningClass[r]
		if starter >= 0 && (len(out)-1 == starter || last < class) {
			if c, ok := compose(out[starter], r); ok {
				out[starter] = c
				continue
			}
		}
		if class == 0 {
			starter, last = len(out), 0
		} else {
			last = class
		}
		out = append(out, r)
	}
	return string(out)
}

// needsWork reports whether s has a combining mark or a character NFC
// replaces: what most text has not.
func needsWork(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= 0x300 && (unstable[r] || unicode.Is(unicode.Mn, r)) }) >= 0
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
