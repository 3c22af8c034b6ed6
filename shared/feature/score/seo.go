package score

import (
	"fmt"
	"strings"

	"rvcontent/shared/kernel/fold"
	"rvcontent/shared/kernel/nouns"
)

// seo runs the SEO checks (100 points in all).
func (r rater) seo() []Check {
	return []Check{
		r.keywordCheck("keyword_in_title", "Keyword in the title", "the title", r.in.Title, 15),
		r.keywordInH1(),
		r.keywordInIntro(),
		r.keywordInSubheading(),
		r.length(),
		r.descriptionLength(),
		r.keywordCheck("keyword_in_description", "Keyword in the meta description", "the meta description (description)", r.in.Description, 5),
		r.slug(),
		r.links(),
		r.sections(),
	}
}

// keywordInH1 reads the body's first H1, or the title when the body has
// none (sites show the title as the page's H1).
func (r rater) keywordInH1() Check {
	for _, h := range r.d.headings {
		if h.level == 1 {
			return r.keywordCheck("keyword_in_h1", "Keyword in the H1", "the H1 heading", h.text, 10)
		}
	}
	return r.keywordCheck("keyword_in_h1", "Keyword in the H1", "the title (the body has no H1, so sites show the title as the H1)", r.in.Title, 10)
}

// keywordInIntro reads the first paragraph, or the first 100 words from
// it on (what is above the title heading is no intro).
func (r rater) keywordInIntro() Check {
	first := strings.Fields(strings.Join(r.d.paragraphs[r.d.introAt:], " "))
	if len(first) > 100 {
		first = first[:100]
	}
	text := r.d.intro + " " + strings.Join(first, " ")
	return r.keywordCheck("keyword_in_intro", "Keyword in the introduction", "the first paragraph", text, 10)
}

func (r rater) keywordInSubheading() Check {
	const id, label, max = "keyword_in_subheading", "Keyword in a subheading", 10
	if r.kw == "" {
		return check(id, label, 0, max, noKeyword)
	}
	for _, h := range r.d.headings {
		if h.level >= 2 && (hasPhrase(h.text, r.kw) || hasAllWords(h.text, r.kw)) {
			return check(id, label, max, max, fmt.Sprintf("The subheading %q uses the keyword.", h.text))
		}
	}
	return check(id, label, 0, max, "Use the keyword in at least one H2 or H3 heading.")
}

// Length thresholds in words.
const (
	fullLength    = 1000
	goodLength    = 600
	minimumLength = 300
)

func (r rater) length() Check {
	const id, label, max = "length", "Length", 15
	n := r.in.WordCount
	switch {
	case n >= fullLength:
		return check(id, label, max, max, fmt.Sprintf("%d words: long enough to cover the topic.", n))
	case n >= goodLength:
		return check(id, label, 10, max, fmt.Sprintf("%d words. Articles of %d words or more cover a topic fully.", n, fullLength))
	case n >= minimumLength:
		return check(id, label, 5, max, fmt.Sprintf("%d words: short. Aim for %d words or more.", n, fullLength))
	}
	return check(id, label, 0, max, fmt.Sprintf("%d words: too short to rank. Aim for %d words or more.", n, fullLength))
}

// Meta description bounds in characters.
const (
	minDescription = 50
	maxDescription = 160
)

func (r rater) descriptionLength() Check {
	const id, label, max = "description_length", "Meta description length", 10
	n := len([]rune(strings.TrimSpace(r.in.Description)))
	switch {
	case n == 0:
		return check(id, label, 0, max, "The article has no description. Set one of 50 to 160 characters: search results show it.")
	case n < minDescription || n > maxDescription:
		return check(id, label, 5, max, fmt.Sprintf("The description has %d characters; search results show 50 to 160 best.", n))
	}
	return check(id, label, max, max, fmt.Sprintf("The description has %d characters.", n))
}

func (r rater) slug() Check {
	const id, label, max = "keyword_in_slug", "Keyword in the slug", 5
	if r.kw == "" {
		return check(id, label, 0, max, noKeyword)
	}
	// The slug is the title folded to ASCII words, so the keyword is looked
	// for folded alike ("café crème" is "cafe-creme" there).
	kwSlug := fold.Slug(r.in.Keyword)
	if kwSlug != "" && strings.Contains("-"+r.in.Slug+"-", "-"+kwSlug+"-") {
		return check(id, label, max, max, "The slug contains the keyword.")
	}
	return check(id, label, 0, max, "The slug comes from the title: put the keyword in the title to get it into the slug.")
}

func (r rater) links() Check {
	const id, label, max = "links", "Links", 10
	all, own := len(r.d.links), r.ownLinks()
	switch {
	case all >= 2 && own >= 1:
		return check(id, label, max, max, fmt.Sprintf("%d links, %d of them to the site's own pages.", all, own))
	case all >= 1:
		return check(id, label, 5, max, fmt.Sprintf("%s, %d to the site's own pages. Link to at least two pages, one of them on your site.", nouns.Count(all, "link", "links"), own))
	}
	return check(id, label, 0, max, "No links. Link to at least two pages, one of them on your site.")
}

func (r rater) sections() Check {
	const id, label, max = "sections", "H2 sections", 10
	n := 0
	for _, h := range r.d.headings {
		if h.level == 2 {
			n++
		}
	}
	switch {
	case n >= 3:
		return check(id, label, max, max, fmt.Sprintf("%d H2 sections.", n))
	case n >= 1:
		return check(id, label, 5, max, nouns.Count(n, "H2 section", "H2 sections")+". Split the article into at least three.")
	}
	return check(id, label, 0, max, "No H2 sections. Split the article into at least three with ## headings.")
}
