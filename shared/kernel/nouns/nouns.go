// Package nouns writes nouns as a person reads them: counted ("1 link",
// "2 links", never "1 link(s)") and named (a title between quotes, as
// written). Features that word counts or names in sentences (score
// checks, forum compliance checks, activity summaries) share it.
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

// Quoted writes a name (a title, a keyword, an agent's name) between
// double quotes as it is written, for a sentence a person reads: Go's %q
// would show a quote or a backslash in it escaped ("The \"best\" pans").
func Quoted(name string) string { return "\"" + name + "\"" }
