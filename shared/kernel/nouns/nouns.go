// Package nouns writes counted nouns as a person reads them: "1 link",
// "2 links", never "1 link(s)". Features that word counts in sentences
// (score checks, forum compliance checks) share it.
package nouns

import "strconv"

// Pick is one when n is 1, else many.
func Pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count writes n with its noun: "1 link", "0 links", "3 links".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Pick(n, one, many)
}
