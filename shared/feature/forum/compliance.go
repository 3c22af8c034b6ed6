package forum

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"rvcontent/shared/kernel/nouns"
)

// Compliance is how a draft's text fares against the checks a reply must
// pass before a person posts it (spec 2 Forum draft).
type Compliance struct {
	Pass     bool    `json:"pass" dynamodbav:"pass"`
	Failures int     `json:"failures" dynamodbav:"failures"`
	Unknowns int     `json:"unknowns" dynamodbav:"unknowns"`
	Checks   []Check `json:"checks" dynamodbav:"checks"`
}

// same reports whether c is the outcome o: the same checks in the same
// states.
func (c Compliance) same(o Compliance) bool {
	return c.Pass == o.Pass && c.Failures == o.Failures && c.Unknowns == o.Unknowns && slices.Equal(c.Checks, o.Checks)
}

// Check is one compliance check: its state is pass, fail or unknown (the
// service cannot tell; a person should look), and detail says why.
type Check struct {
	ID     string `json:"id" dynamodbav:"id"`
	Label  string `json:"label" dynamodbav:"label"`
	State  string `json:"state" dynamodbav:"state"`
	Detail string `json:"detail" dynamodbav:"detail"`
}

// Check states.
const (
	CheckPass    = "pass"
	CheckFail    = "fail"
	CheckUnknown = "unknown"
)

// Check ids.
const (
	CheckDisclosure    = "disclosure"
	CheckLinks         = "link_limit"
	CheckHype          = "no_hype"
	CheckLength        = "length"
	CheckAnswers       = "answers_question"
	CheckSubforumRules = "subforum_rules"
)

// Reply length that suits forum norms, in characters.
const (
	MinReplyLength = 40
	MaxReplyLength = 1500
)

// BannedPhrases are hype and hard-selling phrases a reply must not hold.
var BannedPhrases = []string{
	"best ever", "#1", "number one", "guarantee", "game changer", "game-changer", "revolutionary",
	"world-class", "world class", "life-changing", "cheapest", "100%", "act now", "limited time", "sign up now",
	"buy now", "use my code", "promo code", "discount code", "dm me", "check out my", "click here", "!!!",
	"you won't regret", "don't miss out", "unbeatable", "best in class", "best-in-class",
}

// complianceInput is what the checks read.
type complianceInput struct {
	Text       string
	Disclosure string // the disclosure line with the brand filled in
	Brand      string
	MaxLinks   int
	Title      string
	Subforum   string
	RulesKnown bool
	PromoBan   bool
}

// checkCompliance runs every check on in.Text.
func checkCompliance(in complianceInput) Compliance {
	checks := []Check{
		disclosureCheck(in), linkCheck(in), hypeCheck(in.Text), lengthCheck(in.Text), answersCheck(in), rulesCheck(in),
	}
	c := Compliance{Checks: checks}
	for _, ch := range checks {
		switch ch.State {
		case CheckFail:
			c.Failures++
		case CheckUnknown:
			c.Unknowns++
		}
	}
	c.Pass = c.Failures == 0
	return c
}

func disclosureCheck(in complianceInput) Check {
	c := Check{ID: CheckDisclosure, Label: "Discloses that the writer works on the brand", State: CheckPass,
		Detail: "The reply carries the disclosure line."}
	if !disclosed(in.Text, in.Disclosure, in.Brand) {
		c.State, c.Detail = CheckFail, fmt.Sprintf("The reply must say that the writer works on %s; add the disclosure line: %q", in.Brand, in.Disclosure)
	}
	return c
}

// linkPattern finds links: web addresses with a scheme or starting www.
var linkPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bhttps?://[^\s<>()\[\]]+|\bwww\.[^\s<>()\[\]]+`)
})

func linkCheck(in complianceInput) Check {
	n := len(linkPattern().FindAllString(in.Text, -1))
	links := nouns.Count(n, "link", "links")
	c := Check{ID: CheckLinks, Label: "At most " + nouns.Count(in.MaxLinks, "link", "links"), State: CheckPass,
		Detail: "The reply has " + links + "; the settings allow " + strconv.Itoa(in.MaxLinks) + "."}
	if in.MaxLinks == 0 {
		c.Label, c.Detail = "No links", "The reply has no links, as the settings require."
	}
	if n > in.MaxLinks {
		c.State, c.Detail = CheckFail, "The reply has "+links+" but the settings allow "+strconv.Itoa(in.MaxLinks)+"; remove the extra "+nouns.Pick(n-in.MaxLinks, "link", "links")+"."
		if in.MaxLinks == 0 {
			c.Detail = "The reply has " + links + " but the settings allow none; remove " + nouns.Pick(n, "it", "them") + "."
		}
	}
	return c
}

func hypeCheck(text string) Check {
	var found []string
	lt := strings.ToLower(text)
	for _, p := range BannedPhrases {
		if strings.Contains(lt, p) {
			found = append(found, p)
		}
	}
	c := Check{ID: CheckHype, Label: "No banned phrases or hype", State: CheckPass, Detail: "No hype or hard-selling phrase found."}
	if len(found) > 0 {
		c.State, c.Detail = CheckFail, "Remove the hype or hard-selling "+nouns.Pick(len(found), "phrase", "phrases")+": "+strings.Join(found, ", ")+"."
	}
	return c
}

func lengthCheck(text string) Check {
	n := utf8.RuneCountInString(strings.TrimSpace(text))
	c := Check{ID: CheckLength, Label: fmt.Sprintf("Length suits a forum reply (%d to %d characters)", MinReplyLength, MaxReplyLength),
		State: CheckPass, Detail: fmt.Sprintf("The reply has %d characters.", n)}
	switch {
	case n < MinReplyLength:
		c.State, c.Detail = CheckFail, fmt.Sprintf("The reply has %d characters; a useful reply has at least %d.", n, MinReplyLength)
	case n > MaxReplyLength:
		c.State, c.Detail = CheckFail, fmt.Sprintf("The reply has %d characters; forum readers skip replies over %d.", n, MaxReplyLength)
	}
	return c
}

// questionFiller are title words that name no topic.
var questionFiller = wordSet("anyone anybody someone looking need needs want wants good best recommend recommendations suggestions advice help thanks please know use using get there here what's i'm i've question")

func answersCheck(in complianceInput) Check {
	c := Check{ID: CheckAnswers, Label: "Answers the thread's question"}
	var topic []string
	seen := map[string]bool{}
	for _, w := range ContentWords(in.Title) {
		if utf8.RuneCountInString(w) >= 3 && !questionFiller[w] && !seen[w] {
			seen[w] = true
			topic = append(topic, w)
		}
	}
	if len(topic) == 0 {
		c.State, c.Detail = CheckUnknown, "The thread's title names no topic to compare with; read the thread and make sure the reply answers it."
		return c
	}
	have := map[string]bool{}
	for _, w := range Words(in.Text) {
		have[w] = true
	}
	var shared []string
	for _, w := range topic {
		if have[w] {
			shared = append(shared, w)
		}
	}
	need := min(2, len(topic))
	if len(shared) >= need {
		c.State, c.Detail = CheckPass, "The reply addresses the thread's topic ("+strings.Join(shared, ", ")+")."
		return c
	}
	c.State, c.Detail = CheckFail, "The reply does not address what the thread asks about ("+strings.Join(topic, ", ")+"); answer the question first."
	return c
}

func rulesCheck(in complianceInput) Check {
	c := Check{ID: CheckSubforumRules, Label: "Fits r/" + in.Subforum + "'s rules"}
	switch {
	case !in.RulesKnown:
		c.State, c.Detail = CheckUnknown, "The service could not read r/"+in.Subforum+"'s rules; read them before posting."
	case in.PromoBan:
		c.State, c.Detail = CheckFail, "r/"+in.Subforum+" forbids self-promotion."
	default:
		c.State, c.Detail = CheckPass, "r/"+in.Subforum+"'s rules allow a disclosed reply."
	}
	return c
}
