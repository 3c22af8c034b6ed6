package score

import (
	"math"
	"net/url"
	"strings"
	"unicode"

	"rvcontent/shared/kernel/fold"
	"rvcontent/shared/kernel/weburl"
)

// Input is what an article is scored on.
type Input struct {
	Title       string
	Slug        string
	Description string
	Body        string // Markdown
	Keyword     string // the target search phrase, "" when the article has none
	// WordCount is the article's word count (0: counted here).
	WordCount int
	// Brand is the site's brand name ("" when unknown).
	Brand string
	// SiteHosts are the hosts of the site's own pages (its website's domain);
	// links to them, to their subdomains and relative links count as the
	// site's own. A leading "www." is ignored.
	SiteHosts []string
}

// Check is one rule of a part: whether it passed, the points it earned out
// of its maximum, and a sentence saying what was found and what to change.
type Check struct {
	ID        string `json:"id"`
	Label     string `json:"label"`
	Passed    bool   `json:"passed"`
	Points    int    `json:"points"`
	MaxPoints int    `json:"max_points"`
	Detail    string `json:"detail"`
}

// Part is one score (SEO or GEO): 0 to 100, the share of points earned,
// and its checks.
type Part struct {
	Score  int     `json:"score"`
	Checks []Check `json:"checks"`
}

// Score is an article's score.
type Score struct {
	ArticleID string `json:"article_id"`
	// Overall is the mean of the SEO and GEO scores, rounded.
	Overall   int     `json:"overall"`
	Keyword   *string `json:"keyword"`
	WordCount int     `json:"word_count"`
	SEO       Part    `json:"seo"`
	GEO       Part    `json:"geo"`
}

// Of scores an article.
func Of(in Input) Score {
	d := parse(in.Body)
	if in.WordCount == 0 {
		in.WordCount = d.words
	}
	r := rater{in: in, d: d, kw: normalize(in.Keyword)}
	s := Score{WordCount: in.WordCount, SEO: part(r.seo()), GEO: part(r.geo())}
	if in.Keyword != "" {
		k := in.Keyword
		s.Keyword = &k
	}
	s.Overall = int(math.Round(float64(s.SEO.Score+s.GEO.Score) / 2))
	return s
}

func part(checks []Check) Part {
	got, max := 0, 0
	for _, c := range checks {
		got += c.Points
		max += c.MaxPoints
	}
	return Part{Score: int(math.Round(100 * float64(got) / float64(max))), Checks: checks}
}

// rater holds what the checks share.
type rater struct {
	in Input
	d  doc
	kw string // normalised keyword, "" when none
}

// check builds a Check from points earned.
func check(id, label string, points, max int, detail string) Check {
	return Check{ID: id, Label: label, Passed: points == max, Points: points, MaxPoints: max, Detail: detail}
}

// noKeyword is the detail of keyword checks on an article without one.
const noKeyword = "The article has no keyword. Set one with PATCH .../articles/{article_id} (keyword)."

// keywordCheck awards max when the keyword is in text.
func (r rater) keywordCheck(id, label, where, text string, max int) Check {
	switch {
	case r.kw == "":
		return check(id, label, 0, max, noKeyword)
	case hasPhrase(text, r.kw):
		return check(id, label, max, max, "The keyword appears in "+where+".")
	}
	return check(id, label, 0, max, "Use the keyword \""+r.in.Keyword+"\" in "+where+".")
}

// normalize lowercases s in composed form (fold.Compose, as keywords are
// stored: "e" and U+0301 read as "é") and turns everything but letters,
// digits and the marks that belong to them into single spaces, so a
// keyword is found however its accents were typed.
func normalize(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(fold.Compose(s)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	}), " ")
}

// hasPhrase reports whether text holds the normalised phrase as whole
// words.
func hasPhrase(text, phrase string) bool {
	return phrase != "" && strings.Contains(" "+normalize(text)+" ", " "+phrase+" ")
}

// occurrences counts the phrase in text.
func occurrences(text, phrase string) int {
	if phrase == "" {
		return 0
	}
	return strings.Count(" "+normalize(text)+" ", " "+phrase+" ")
}

// hasAllWords reports whether every word of the normalised phrase is in
// text.
func hasAllWords(text, phrase string) bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(normalize(text)) {
		words[w] = true
	}
	for _, w := range strings.Fields(phrase) {
		if !words[w] {
			return false
		}
	}
	return phrase != ""
}

// ownLink reports whether a link destination is one of the site's pages.
func (r rater) ownLink(dest string) bool {
	if strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
		return true
	}
	u, err := url.Parse(dest)
	if err != nil || u.Host == "" {
		return false
	}
	host := comparableHost(u.Hostname())
	for _, h := range r.in.SiteHosts {
		h = comparableHost(h)
		if h != "" && (host == h || strings.HasSuffix(host, "."+h)) {
			return true
		}
	}
	return false
}

// comparableHost is a host name as links to the site are compared: its
// ASCII form (an internationalised name in Punycode, as the service
// compares every URL's host), lowercase, without the root's trailing dot
// and a leading "www.", so https://bücher.de and https://xn--bcher-kva.de
// are the same site, and so are https://acme.com. and https://acme.com.
func comparableHost(h string) string {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	if a, ok := weburl.ASCIIHost(h); ok {
		h = strings.ToLower(a)
	}
	return strings.TrimPrefix(h, "www.")
}

// ownLinks counts the links to the site's pages.
func (r rater) ownLinks() int {
	n := 0
	for _, l := range r.d.links {
		if r.ownLink(l) {
			n++
		}
	}
	return n
}

// text is the body's prose: its paragraphs joined.
func (r rater) text() string { return strings.Join(r.d.paragraphs, " ") }
