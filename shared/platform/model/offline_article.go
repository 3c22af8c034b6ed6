package model

import (
	"context"
	"fmt"
	"hash/fnv"
	"regexp"
	"strings"
)

// WriteArticle writes a practical guide around the brief's keyword by fixed
// rules, so the same brief always gives the same article. The body opens
// with the title as H1 and an intro that answers the query first, then H2
// sections (what it is, why it matters, steps, what to look for, mistakes),
// a section on the business quoting only the site's own description, the
// site's related pages, a FAQ and a conclusion. It has no images and states
// nothing about the business beyond the brief: it gives method and
// questions to ask, never figures or claims. Writing settings shape it:
// casual tones use contractions, "Concise" styles keep one paragraph per
// section, "Step-by-step" gives each step its own heading, "In-depth"
// adds a table of what to measure, "Story-led" opens with a scene, and
// "avoid" house rules leave out the sentences that would break them.
func (Offline) WriteArticle(_ context.Context, b ArticleBrief) (ArticleDraft, error) {
	w := newGuide(b)
	w.title()
	w.intro()
	w.definition()
	w.why()
	w.steps()
	w.checklist()
	if w.depth {
		w.measures()
	}
	w.mistakes()
	w.upkeep()
	w.business()
	w.related()
	w.faq()
	w.conclusion()
	body := w.String()
	if w.casual {
		body = contract(body, w.k, w.b.Title, w.b.Brand)
	}
	body = dropBanned(body, BannedPhrases(b.BrandVoice), w.k, w.b.Title, w.b.Brand)
	return ArticleDraft{BodyMarkdown: strings.TrimSpace(body) + "\n", Description: w.description(), Tags: draftTags(b)}, nil
}

// guide builds the offline article. The words it takes from the brief
// (keyword, readers, title, brand, description, link texts) are Markdown
// text (mdText) in b, k and readers, and its addresses link destinations
// (mdURL); plainK and plainReaders are as written, for the meta
// description.
type guide struct {
	strings.Builder
	b       ArticleBrief
	k       string // the keyword
	readers string // whom the article addresses
	variant int    // picks between phrasings, from the title

	plainK, plainReaders string

	casual, concise, stepwise, depth, story bool
}

func newGuide(b ArticleBrief) *guide {
	style := strings.ToLower(b.WritingStyle)
	tone := strings.ToLower(b.Tone)
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(b.Title)))
	k, readers := strings.TrimSpace(b.Keyword), readersOf(b)
	text := b
	text.Title, text.Brand, text.ProductDescription = mdText(b.Title), mdText(b.Brand), mdText(b.ProductDescription)
	text.WebsiteURL = mdURL(b.WebsiteURL)
	text.Links = make([]Link, len(b.Links))
	for i, l := range b.Links {
		text.Links[i] = Link{URL: mdURL(l.URL), Text: mdText(l.Text)}
	}
	return &guide{
		b: text, k: mdText(k), readers: mdText(readers), variant: int(h.Sum32() % 2), plainK: k, plainReaders: readers,
		casual:   strings.Contains(tone, "friendly") || strings.Contains(tone, "conversational") || strings.Contains(tone, "playful") || strings.Contains(tone, "casual"),
		concise:  strings.Contains(style, "concise"),
		stepwise: strings.Contains(style, "step"),
		depth:    strings.Contains(style, "depth") || strings.Contains(style, "data"),
		story:    strings.Contains(style, "story"),
	}
}

// readersOf names the audience: the writing setting, else the scan's
// audience, else people new to the topic.
func readersOf(b ArticleBrief) string {
	for _, r := range []string{b.Readers, b.Audience} {
		r = strings.TrimSpace(strings.ReplaceAll(r, " / ", " and "))
		if r != "" {
			return strings.ToLower(r)
		}
	}
	return "people new to " + strings.ToLower(strings.TrimSpace(b.Keyword))
}

func (g *guide) para(format string, args ...any) {
	fmt.Fprintf(g, format+"\n\n", args...)
}

func (g *guide) heading(level int, text string) {
	fmt.Fprintf(g, "%s %s\n\n", strings.Repeat("#", level), text)
}

func (g *guide) list(items ...string) {
	for _, it := range items {
		fmt.Fprintf(g, "- %s\n", it)
	}
	g.WriteString("\n")
}

func (g *guide) title() { g.heading(1, g.b.Title) }

// intro answers the query in its first sentences.
func (g *guide) intro() {
	if g.variant == 0 {
		g.para("%s comes down to a few clear steps: decide what you want from it, compare your options against that goal, start small, and review what works. This guide explains each step for %s, with a checklist, a table of what to look for and answers to common questions.",
			capFirst(g.k), g.readers)
	} else {
		g.para("The short answer: %s works best when you set one clear goal, judge every option against it, try it on a small scale first and keep what proves itself. Below you will find each step explained for %s, a checklist, a comparison table and a FAQ.",
			g.k, g.readers)
	}
	if g.story {
		g.para("Picture the moment the question first comes up: a task that takes longer than it should, a cost that keeps growing, or a decision made on guesswork. That moment is where %s starts, and it is worth a calm, structured answer rather than a rushed one.", g.k)
	}
	if !g.concise {
		g.para("There is no single right answer for everyone, so rather than rules that only fit one situation, the sections below give you the questions to ask and the order to ask them in. Work through them once and you will have a plan you can explain, repeat and improve.")
	}
}

func (g *guide) definition() {
	g.heading(2, "What is "+g.k+"?")
	g.para("In plain terms, %s is about making one decision well: what to do, with which tools and in what order, so you get the result you want without wasting time or money. The details depend on your situation, which is why it helps to start from your own goal rather than from a list of features.", g.k)
	if !g.concise {
		g.para("People usually start looking into %s when something is not working as it should: a process takes too long, costs more than expected, or depends on one person remembering every detail. Naming the problem you want to solve is the most useful first step, because every later choice can be checked against it.", g.k)
	}
}

func (g *guide) why() {
	// House rules drop the sentences that break them but keep headings
	// (dropBanned), so the heading names the readers only when no rule
	// bans the words it names them with.
	heading := "Why " + g.k + " matters"
	if !usesBanned(g.readers, BannedPhrases(g.b.BrandVoice), []string{g.k, g.b.Title, g.b.Brand}) {
		heading += " for " + g.readers
	}
	g.heading(2, heading)
	g.para("For %s, %s is rarely a one-off task. Choices made early tend to stick, so a little planning now saves rework later. The benefits show up in four places:", g.readers, g.k)
	g.list(
		"**Time:** a clear routine removes decisions you would otherwise make again and again.",
		"**Cost:** comparing options against your real needs avoids paying for what you will not use.",
		"**Confidence:** a written plan is easier to explain to clients, colleagues and partners.",
		"**Consistency:** doing it the same way each time makes results easier to measure and improve.",
	)
	if c := country(g.b.Geo); c != "" && !g.concise {
		g.para("If you work in %s, check which local rules, prices and customs apply before you settle on an approach.", c)
	}
}

// stepTexts are the steps of the plan: a bold lead and its explanation.
var stepTexts = [][2]string{
	{"Write down the goal.", "One sentence on what success looks like, and how you will know you got there."},
	{"List your requirements.", "Split them into must-haves and nice-to-haves, so you can rule options out quickly."},
	{"Compare a short list of options.", "Two or three serious candidates are enough; judge each against your requirements, not against each other's marketing."},
	{"Start small.", "Try your choice on one project or for a few weeks before you commit everything to it."},
	{"Review and adjust.", "Look at what worked, what did not and why, then keep the parts that proved themselves."},
}

func (g *guide) steps() {
	g.heading(2, "How to get started with "+g.k)
	g.para("The plan below works whatever your starting point. Take the steps in order: each one makes the next easier.")
	if g.stepwise {
		for i, s := range stepTexts {
			g.heading(3, fmt.Sprintf("Step %d: %s", i+1, strings.TrimSuffix(s[0], ".")))
			g.para("%s Keep your notes from this step: you will use them in the next one.", s[1])
		}
		return
	}
	for i, s := range stepTexts {
		fmt.Fprintf(g, "%d. **%s** %s\n", i+1, s[0], s[1])
	}
	g.WriteString("\n")
	if !g.concise {
		g.para("If a step raises a question you cannot answer yet, write it down and move on: the small trial in step four usually answers it.")
	}
}

func (g *guide) checklist() {
	g.heading(2, "What to look for")
	g.para("Use this table when you compare options for %s. A good fit answers every question in the last column without hesitation.", g.k)
	g.WriteString("| What to check | Why it matters | Question to ask |\n|---|---|---|\n")
	for _, row := range [][3]string{
		{"Fit with your goal", "An option that solves another problem is not a bargain", "Does this solve the problem I wrote down?"},
		{"Effort to set up", "Time spent setting up is time not spent on your work", "How long until it is working for me?"},
		{"Ongoing cost", "Small monthly costs add up over a year", "What will this cost me over twelve months?"},
		{"Help and support", "Problems are cheaper when someone answers quickly", "Where do I turn when something goes wrong?"},
		{"Room to grow", "Switching later costs more than choosing well now", "Will this still work if my needs double?"},
	} {
		fmt.Fprintf(g, "| %s | %s | %s |\n", row[0], row[1], row[2])
	}
	g.WriteString("\n")
	if !g.concise {
		g.para("If two options tie, choose the one that is easier to leave: clear exports, no long contracts and simple cancellation keep your future choices open.")
	}
}

// measures is the in-depth style's table of what to track.
func (g *guide) measures() {
	g.heading(2, "What to measure")
	g.para("Decisions about %s are easier with evidence. Track a few measures before and after a change, from your own records, so you compare like with like:", g.k)
	g.WriteString("| Measure | What it tells you | Where to find it |\n|---|---|---|\n")
	g.WriteString("| Time spent | Whether the new approach saves effort | Your calendar or time tracking |\n")
	g.WriteString("| Cost | What you pay, all in | Invoices and statements |\n")
	g.WriteString("| Errors and rework | Whether quality held up | Your task list or support requests |\n")
	g.WriteString("| Outcome | Whether you reached the goal you wrote down | The goal itself |\n\n")
}

func (g *guide) mistakes() {
	g.heading(2, "Common mistakes to avoid")
	g.list(
		"**Choosing before defining the goal.** Without it, every option looks equally good.",
		"**Copying someone else's setup.** What works for another business may not fit yours.",
		"**Changing too many things at once.** You will not know which change made the difference.",
		"**Never reviewing.** A choice that was right last year may not be right today.",
	)
}

// upkeep is the routine that keeps the approach working.
func (g *guide) upkeep() {
	g.heading(2, "How to keep "+g.k+" working over time")
	g.para("Once your approach is in place, a light routine keeps it useful:")
	g.list(
		"**Set a review date.** Put a check in your calendar every few months.",
		"**Keep short notes.** Write down what changed and why, so later decisions start from facts.",
		"**Ask the people involved.** Clients, colleagues and partners often notice problems before the numbers do.",
		"**Retire what no longer helps.** Dropping a step or a tool is as much an improvement as adding one.",
	)
	if !g.concise {
		g.para("A routine like this takes minutes, and it means that the next time %s comes up, you start from a plan rather than from scratch.", g.k)
	}
}

// business names the site's business, quoting only its own description.
func (g *guide) business() {
	if g.b.Brand == "" {
		return
	}
	g.heading(2, "How "+g.b.Brand+" can help")
	name := g.b.Brand
	if g.b.WebsiteURL != "" {
		name = "[" + g.b.Brand + "](" + g.b.WebsiteURL + ")"
	}
	if d := firstSentences(g.b.ProductDescription, 2); d != "" {
		g.para("This guide is published by %s. Here is how %s describes what it offers, in its own words:", name, g.b.Brand)
		g.para("> %s", d)
		g.para("If that matches what you need for %s, use the checklist above to see whether %s fits your requirements.", g.k, g.b.Brand)
		return
	}
	g.para("This guide is published by %s. Visit the website to see what %s offers, then use the checklist above to judge whether it fits your needs for %s.", name, g.b.Brand, g.k)
}

// related lists the site's own pages the article cites.
func (g *guide) related() {
	var items []string
	for _, l := range g.b.Links {
		if l.URL != "" && l.Text != "" && l.URL != g.b.WebsiteURL {
			items = append(items, "["+l.Text+"]("+l.URL+")")
		}
		if len(items) == 3 {
			break
		}
	}
	if len(items) == 0 {
		return
	}
	g.heading(2, "Related reading")
	g.list(items...)
}

func (g *guide) faq() {
	g.heading(2, "Frequently asked questions")
	// Not the definition section's "What is ...?": a rewrite names a
	// section by its heading, so headings must differ.
	g.heading(3, "What does "+g.k+" mean in practice?")
	g.para("%s is about choosing what to do, with which tools and in what order, so you reach your goal without wasted time or money.", capFirst(g.k))
	g.heading(3, "Who is "+g.k+" for?")
	g.para("It is most useful for %s, and for anyone who wants a clear, repeatable way to handle it.", g.readers)
	g.heading(3, "How do I get started with "+g.k+"?")
	g.para("Write down your goal, list your must-haves, compare two or three options and try one on a small scale. The steps above explain each one.")
	if !g.concise {
		g.heading(3, "How long does it take to see results?")
		g.para("It depends on your starting point. Give any new approach a fair trial, long enough to cover your usual work, and compare it with your notes from before the change.")
	}
}

func (g *guide) conclusion() {
	g.heading(2, "Conclusion")
	g.para("%s does not need to be complicated. Define the goal, compare a short list of options against it, start small and keep what works. Revisit the plan now and then, because needs change.", capFirst(g.k))
	if g.b.Brand != "" && g.b.WebsiteURL != "" {
		g.para("To see what %s offers, visit [%s](%s).", g.b.Brand, g.b.Brand, g.b.WebsiteURL)
	}
}

// description is the meta description: at most 160 characters, with the
// keyword.
func (g *guide) description() string {
	k := capFirst(g.plainK)
	for _, d := range []string{
		k + " explained for " + g.plainReaders + ": a step-by-step plan, what to look for, mistakes to avoid and answers to common questions.",
		k + " explained: a step-by-step plan, what to look for, mistakes to avoid and a FAQ.",
		k + ": a step-by-step plan and what to look for.",
	} {
		if len([]rune(d)) <= 160 {
			return d
		}
	}
	return truncateWords(k, 157) + "..."
}

// mdText makes s Markdown that reads as s: a title, keyword, brand,
// description or page title someone typed is text, so "![logo](x.png)"
// or "<img src=x>" in it is shown as written, never made an image (which
// the articles' no-images rule would refuse) or a link or a tag.
func mdText(s string) string { return mdEscaper.Replace(s) }

var mdEscaper = strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`, `<`, `&lt;`)

// mdURL makes a public address (no spaces or angle brackets) a Markdown
// link destination that leads to it: "https://acme.com/guide)x" would
// otherwise end the link at its ")".
func mdURL(s string) string { return urlEscaper.Replace(s) }

var urlEscaper = strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`)

// draftTags keeps the article's tags, or derives them from the keyword
// and the scan's niche.
func draftTags(b ArticleBrief) []string {
	if len(b.Tags) > 0 {
		return append([]string(nil), b.Tags...)
	}
	out := []string{}
	seen := map[string]bool{}
	for _, t := range []string{b.Keyword, b.Niche} {
		t = strings.ToLower(clean(t))
		if t != "" && len([]rune(t)) <= 40 && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// country is a geo's country: "United Kingdom (English)" gives "the
// United Kingdom".
func country(geo string) string {
	c := strings.TrimSpace(strings.Split(geo, "(")[0])
	if c == "" {
		return ""
	}
	if strings.HasPrefix(c, "United ") || strings.HasSuffix(c, "lands") || strings.HasSuffix(c, "Republic") {
		c = "the " + c
	}
	return c
}

func capFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// firstSentences returns up to n sentences of text, whitespace collapsed.
func firstSentences(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	ends := sentenceBoundary.get().FindAllStringIndex(text, -1)
	if len(ends) >= n {
		text = text[:ends[n-1][1]]
	}
	return strings.TrimSpace(text)
}

var sentenceBoundary = &lazyRegexp{expr: `[.!?](\s|$)`}

// truncateWords cuts s to at most max characters at a word boundary.
func truncateWords(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	cut := string(r[:max])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:")
}

// contractions make formal phrasing casual.
var contractions = &lazyReplacer{pairs: []string{
	"you will not", "you won't", "You will not", "You won't", "did not", "didn't", "will not", "won't",
	"do not", "don't", "Do not", "Don't", "does not", "doesn't", "is not", "isn't", "are not", "aren't",
	"it is", "it's", "It is", "It's", "you will", "you'll", "You will", "You'll", "cannot", "can't",
	"you are", "you're", "You are", "You're", "that is", "that's", "what is", "what's",
}}

// contract applies the casual tones' contractions outside headings and
// quotes, leaving the names in keep as written.
func contract(body string, keep ...string) string {
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, ">") {
			continue
		}
		var saved []string
		for _, k := range keep {
			if k == "" {
				continue
			}
			re := regexp.MustCompile(`(?i)` + regexp.QuoteMeta(k))
			l = re.ReplaceAllStringFunc(l, func(m string) string {
				saved = append(saved, m)
				return fmt.Sprintf("\x00%d\x00", len(saved)-1)
			})
		}
		l = contractions.get().Replace(l)
		for j, m := range saved {
			l = strings.Replace(l, fmt.Sprintf("\x00%d\x00", j), m, 1)
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}
