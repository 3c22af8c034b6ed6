package score

import (
	"fmt"
	"strings"

	"rvcontent/shared/kernel/nouns"
)

// geo runs the GEO checks (100 points in all).
func (r rater) geo() []Check {
	return []Check{
		r.answerFirst(),
		r.definition(),
		r.faq(),
		r.listsAndTables(),
		r.entityClarity(),
		r.citations(),
		r.shortSections(),
	}
}

// maxIntroWords is the longest intro that still answers first.
const maxIntroWords = 80

func (r rater) answerFirst() Check {
	const id, label, max = "answer_first", "Answer first", 20
	if r.kw == "" {
		return check(id, label, 0, max, noKeyword)
	}
	words := len(strings.Fields(r.d.intro))
	mentions := hasPhrase(r.d.intro, r.kw) || hasAllWords(r.d.intro, r.kw)
	switch {
	case r.d.intro == "":
		return check(id, label, 0, max, "The article has no opening paragraph. Open with two or three sentences that answer the query.")
	case mentions && words <= maxIntroWords:
		return check(id, label, max, max, fmt.Sprintf("The first paragraph (%d words) answers the query about the keyword.", words))
	case mentions:
		return check(id, label, 10, max, fmt.Sprintf("The first paragraph has %d words. Answer the query in %d words or fewer, then expand.", words, maxIntroWords))
	}
	return check(id, label, 0, max, "The first paragraph does not name the keyword. Open with a direct answer to the query.")
}

// definers are the verbs of a definition sentence.
var definers = []string{"is", "are", "means", "refers to", "describes"}

func (r rater) definition() Check {
	const id, label, max = "definition", "Definition", 15
	if r.kw == "" {
		return check(id, label, 0, max, noKeyword)
	}
	text := " " + normalize(r.in.Body) + " "
	for _, v := range definers {
		if strings.Contains(text, " "+r.kw+" "+v+" ") {
			return check(id, label, max, max, "The article defines the keyword (\""+r.in.Keyword+" "+v+" ...\").")
		}
	}
	return check(id, label, 0, max, "Add a sentence that defines the keyword: \""+r.in.Keyword+" is ...\". Answer engines quote definitions.")
}

func (r rater) faq() Check {
	const id, label, max = "faq", "FAQ", 15
	questions, faqHeading := 0, false
	for _, h := range r.d.headings {
		t := strings.ToLower(h.text)
		if strings.Contains(t, "faq") || strings.Contains(t, "frequently asked") || strings.Contains(t, "questions and answers") {
			faqHeading = true
		}
		if strings.HasSuffix(strings.TrimSpace(h.text), "?") {
			questions++
		}
	}
	switch {
	case faqHeading && questions >= 2:
		return check(id, label, max, max, fmt.Sprintf("A FAQ section with %d question headings.", questions))
	case questions >= 2:
		return check(id, label, 10, max, fmt.Sprintf("%d question headings but no FAQ heading. Group them under \"Frequently asked questions\".", questions))
	}
	return check(id, label, 0, max, "No FAQ. Add a \"Frequently asked questions\" section with questions as headings.")
}

func (r rater) listsAndTables() Check {
	const id, label, max = "lists_and_tables", "Lists and tables", 15
	points := 0
	if r.d.lists > 0 {
		points += 8
	}
	if r.d.tables > 0 {
		points += 7
	}
	detail := nouns.Count(r.d.lists, "list", "lists") + " and " + nouns.Count(r.d.tables, "table", "tables") + "."
	if points < max {
		detail += " Answer engines quote lists and tables: use at least one of each."
	}
	return check(id, label, points, max, detail)
}

// topicMentions is how often the keyword should appear for the topic to
// read as one clear entity.
const topicMentions = 3

func (r rater) entityClarity() Check {
	const id, label, max = "entity_clarity", "Entity clarity", 15
	points := 0
	var notes []string
	switch {
	case r.in.Brand == "":
		notes = append(notes, "The site has no brand name to mention: set brand_name with PATCH /sites/{site_id}.")
	case hasPhrase(r.in.Body, normalize(r.in.Brand)):
		points += 8
		notes = append(notes, "The brand "+r.in.Brand+" is named.")
	default:
		notes = append(notes, "Name the brand ("+r.in.Brand+") so answer engines know who is speaking.")
	}
	n := occurrences(r.in.Body, r.kw)
	switch {
	case r.kw == "":
		notes = append(notes, noKeyword)
	case n >= topicMentions:
		points += 7
		notes = append(notes, fmt.Sprintf("The topic is named consistently (%d mentions of the keyword).", n))
	default:
		times := nouns.Count(n, "time", "times")
		if n == 1 {
			times = "once"
		}
		notes = append(notes, fmt.Sprintf("The keyword appears %s; name the topic the same way at least %d times.", times, topicMentions))
	}
	return check(id, label, points, max, strings.Join(notes, " "))
}

func (r rater) citations() Check {
	const id, label, max = "site_citations", "Citations of the site's pages", 10
	switch n := r.ownLinks(); {
	case n >= 2:
		return check(id, label, max, max, fmt.Sprintf("%d links to the site's own pages.", n))
	case n == 1:
		return check(id, label, 5, max, "One link to the site's own pages. Cite at least two, so answer engines can attribute the answer.")
	}
	return check(id, label, 0, max, "No links to the site's own pages. Cite at least two, so answer engines can attribute the answer.")
}

// maxSectionWords is the longest section answer engines quote well.
const maxSectionWords = 300

func (r rater) shortSections() Check {
	const id, label, max = "short_sections", "Short sections", 10
	if len(r.d.sections) == 0 {
		return check(id, label, 0, max, "The article has no headings. Break it into sections of at most 300 words.")
	}
	long := 0
	for _, n := range r.d.sections {
		if n > maxSectionWords {
			long++
		}
	}
	if long > 0 {
		return check(id, label, 0, max, fmt.Sprintf("%s over %d words. Split %s.", nouns.Count(long, "section runs", "sections run"), maxSectionWords, nouns.Pick(long, "it with a subheading", "them with subheadings")))
	}
	return check(id, label, max, max, fmt.Sprintf("Every section has at most %d words.", maxSectionWords))
}
