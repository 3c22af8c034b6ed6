package backlinks

import (
	"strings"
	"unicode"
)

// categoryWords are the words that put a site, target or article in a
// blockable category when they appear in its niche or topic tags (a
// target's anchors and URL path too: see Match).
var categoryWords = map[string][]string{
	"gambling": {"gambling", "casino", "casinos", "betting", "bets", "poker", "sportsbook", "slots"},
	"adult":    {"adult", "porn", "xxx", "escort", "escorts", "erotic"},
	"crypto":   {"crypto", "cryptocurrency", "cryptocurrencies", "bitcoin", "blockchain", "nft", "nfts", "ethereum", "defi"},
	"cannabis": {"cannabis", "cbd", "marijuana", "thc", "hemp"},
	"loans":    {"loans", "loan", "payday", "lending", "lender", "lenders"},
	"pharma":   {"pharma", "pharmacy", "pharmaceutical", "pharmaceuticals", "prescription", "medication", "medications"},
	"weapons":  {"weapons", "weapon", "gun", "guns", "firearm", "firearms", "ammunition", "ammo"},
	"tobacco":  {"tobacco", "cigarette", "cigarettes", "cigar", "cigars", "vape", "vapes", "vaping", "nicotine"},
	"politics": {"politics", "political", "election", "elections", "politician", "politicians"},
	"dating":   {"dating", "hookup", "hookups", "matchmaking", "singles"},
}

// categoryOf maps each category word to its category.
var categoryOf = func() map[string]string {
	m := map[string]string{}
	for c, ws := range categoryWords {
		for _, w := range ws {
			m[w] = c
		}
	}
	return m
}()

// categoriesOf returns the categories whose words appear in texts.
func categoriesOf(texts ...string) map[string]bool {
	out := map[string]bool{}
	for _, t := range texts {
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if c, ok := categoryOf[w]; ok {
				out[c] = true
			}
		}
	}
	return out
}

// blocks reports whether a list of blocked categories refuses any of cats.
func blocks(blocked []string, cats map[string]bool) bool {
	for _, b := range blocked {
		if cats[b] {
			return true
		}
	}
	return false
}
