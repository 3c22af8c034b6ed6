package model

import (
	"context"
	"errors"
	"strings"
)

// ReplyInput is what a forum reply draft is written from: the thread as
// the forum shows it, what the site says about itself, and the site's
// forum settings.
type ReplyInput struct {
	// Brand is the site's brand name; ProductDescription and Niche what the
	// site says it is (either may be empty). WebsiteURL is the one link a
	// reply may carry.
	Brand              string
	ProductDescription string
	Niche              string
	WebsiteURL         string
	// Disclosure is the disclosure line, ready to paste (brand filled in).
	Disclosure string
	// Tone is the voice asked for ("plain" by default).
	Tone string
	// MaxLinks is how many links the reply may carry (0 or 1).
	MaxLinks int
	// Keyword is the search phrase that found the thread.
	Keyword string
	// Subforum, Title, Body and Comments are the thread: the top comments'
	// texts, best first.
	Subforum string
	Title    string
	Body     string
	Comments []string
	// Instructions are the caller's wishes for this draft ("" for none).
	Instructions string
	// Previous is the text of the draft being rewritten ("" for a first
	// draft); Fix names the compliance checks it failed; Variant is the
	// rewrite number (0 for a first draft), so each rewrite reads
	// differently.
	Previous string
	Fix      []string
	Variant  int
	// Avoid are phrases a reply must not contain (hype, hard selling).
	Avoid []string
}

// ReplyDraft is a written reply.
type ReplyDraft struct {
	Body string `json:"body"`
}

// Refusal is the error of a model that declined to write a reply; Reason
// says why in a sentence.
type Refusal struct{ Reason string }

// Error returns the reason.
func (r *Refusal) Error() string { return "the model declined to draft a reply: " + r.Reason }

// IsRefusal reports whether err is a Refusal.
func IsRefusal(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}

// DraftReply writes a forum reply by fixed rules from the thread's own
// words and the site's own description, so the same input always gives
// the same reply and nothing about the business is invented:
//   - an opening that restates what the thread asks, in its words (the
//     matched keyword, then the title's and body's most frequent content
//     words); the opening's wording and the order of the parts change with
//     Variant;
//   - the brand named as one option, with up to two sentences of the
//     product description, those sharing most words with the thread first
//     (sentences holding an Avoid phrase or longer than 300 characters are
//     skipped), or the niche when there is no description;
//   - the website link when MaxLinks allows one;
//   - the disclosure line, last.
//
// The tone picks the opening courtesy: friendly, casual or warm tones greet,
// professional or formal tones thank, anything else (plain) starts straight
// away. Of the instructions it honours "short", "shorter", "brief" and
// "concise" (one description sentence, no comparison line) and "no link"
// or "without a link". It refuses a thread with no words to answer.
func (Offline) DraftReply(_ context.Context, in ReplyInput) (ReplyDraft, error) {
	topic := threadTopic(in)
	if len(topic) == 0 {
		return ReplyDraft{}, &Refusal{Reason: "the thread has no text to answer"}
	}
	short := shortWanted.get().MatchString(in.Instructions)
	var parts []string
	opening := greeting(in.Tone) + restate(in.Variant, topic)
	parts = append(parts, opening)
	if p := productPart(in, topic, short); p != "" {
		parts = append(parts, p)
	}
	if in.MaxLinks > 0 && in.WebsiteURL != "" && !noLinkWanted.get().MatchString(in.Instructions) {
		parts = append(parts, "More detail: "+in.WebsiteURL)
	}
	if in.Disclosure != "" {
		parts = append(parts, in.Disclosure)
	}
	return ReplyDraft{Body: strings.Join(parts, "\n\n")}, nil
}

var (
	shortWanted  = &lazyRegexp{expr: `(?i)\b(short|shorter|brief|briefer|concise)\b`}
	noLinkWanted = &lazyRegexp{expr: `(?i)\b(no|without\s+(a|the|any))\s+links?\b`}
)

// greeting is the opening courtesy of a tone.
func greeting(tone string) string {
	t := strings.ToLower(tone)
	switch {
	case strings.Contains(t, "friendly"), strings.Contains(t, "casual"), strings.Contains(t, "warm"), strings.Contains(t, "playful"):
		return "Hi there! "
	case strings.Contains(t, "professional"), strings.Contains(t, "formal"), strings.Contains(t, "authoritative"):
		return "Thanks for asking. "
	}
	return ""
}

// threadTopic returns the thread's words to answer with: the keyword's
// content words first, then the title's and body's content words by
// weight (a title word counts three times, each body use once; ties in
// order of appearance). Filler and common verbs are left out.
func threadTopic(in ReplyInput) []string {
	weight := map[string]int{}
	var order []string
	add := func(text string, w int) {
		for _, word := range contentWords(text) {
			if len([]rune(word)) < 3 || replyFiller.has(word) {
				continue
			}
			if weight[word] == 0 {
				order = append(order, word)
			}
			weight[word] += w
		}
	}
	add(in.Title, 3)
	add(in.Body, 1)
	var out []string
	seen := map[string]bool{}
	for _, w := range contentWords(in.Keyword) {
		if weight[w] > 0 && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	rest := make([]string, 0, len(order))
	for _, w := range order {
		if !seen[w] {
			rest = append(rest, w)
		}
	}
	// Stable by weight: heavier words first.
	for i := 1; i < len(rest); i++ {
		for j := i; j > 0 && weight[rest[j]] > weight[rest[j-1]]; j-- {
			rest[j], rest[j-1] = rest[j-1], rest[j]
		}
	}
	return append(out, rest...)
}

// replyFiller are words of a question that name no topic: asking words,
// courtesy and common verbs.
var replyFiller = &wordSet{list: "anyone anybody someone something everyone looking need needs want wants good best better great recommend recommendations recommendation suggestions suggestion advice help helps thanks thank please know does do did can could would should use using used get getting got has have had just really also there here been was were not but about like tool tools thing things way ways what's i'm i've don't can't lol edit " +
	"keep keeps kept make makes made take takes took find finds found try tried trying going think thought feel seems seem work works worked working start started stop stopped hate love lot lots much many very still even ever since which whether when where while why who whom whose them they're it's that's"}

// restate is the opening line of variant v, built from the topic words.
func restate(v int, topic []string) string {
	focus := strings.Join(topic[:min(2, len(topic))], " ")
	others := topic[min(2, len(topic)):]
	a, b := "ease of setup", "price"
	if len(others) > 0 {
		a = others[0]
	}
	if len(others) > 1 {
		b = others[1]
	}
	switch v % 4 {
	case 1:
		return "I had the same question about " + focus + ". What helped was writing down what I needed (" + a + ", " + b + ") and trying one or two options against that list."
	case 2:
		return "It depends on your setup, but for " + focus + " I would start with " + a + " and " + b + ", then see what is still missing."
	case 3:
		return "A few things worth checking for " + focus + ": " + a + ", " + b + ", and whether it fits how you already work."
	}
	return "For " + focus + ", the things I would compare are " + a + ", " + b + " and how much setup each option needs."
}

// productPart names the brand as one option with the description's
// sentences closest to the thread.
func productPart(in ReplyInput, topic []string, short bool) string {
	if in.Brand == "" {
		return ""
	}
	want := 2
	if short {
		want = 1
	}
	picked := closestSentences(in.ProductDescription, topic, in.Avoid, want)
	if len(picked) == 0 {
		if in.Niche != "" && !holdsAny(in.Niche, in.Avoid) {
			return in.Brand + " is one option (" + strings.TrimSpace(in.Niche) + ")."
		}
		return in.Brand + " is one option."
	}
	return in.Brand + " is one option. " + strings.Join(picked, " ")
}

// descSentence splits a description into sentences, keeping their ends.
var descSentence = &lazyRegexp{expr: `[^.!?\n]+[.!?]*`}

// closestSentences returns up to n sentences of text, those sharing most
// words with topic first (ties in text order), in text order.
func closestSentences(text string, topic, avoid []string, n int) []string {
	inTopic := map[string]bool{}
	for _, w := range topic {
		inTopic[w] = true
	}
	type cand struct {
		s     string
		score int
		at    int
	}
	var cands []cand
	for i, s := range descSentence.get().FindAllString(text, -1) {
		s = strings.TrimSpace(s)
		if len(contentWords(s)) < 2 || len([]rune(s)) > 300 || holdsAny(s, avoid) {
			continue
		}
		if !strings.ContainsAny(s[len(s)-1:], ".!?") {
			s += "."
		}
		score := 0
		for _, w := range contentWords(s) {
			if inTopic[w] {
				score++
			}
		}
		cands = append(cands, cand{s, score, i})
	}
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && cands[j].score > cands[j-1].score; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	if len(cands) > n {
		cands = cands[:n]
	}
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && cands[j].at < cands[j-1].at; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = c.s
	}
	return out
}

// holdsAny reports whether s contains one of the phrases, ignoring case.
func holdsAny(s string, phrases []string) bool {
	ls := strings.ToLower(s)
	for _, p := range phrases {
		if p != "" && strings.Contains(ls, strings.ToLower(p)) {
			return true
		}
	}
	return false
}
