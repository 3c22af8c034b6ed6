package bedrock

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"rvcontent/shared/platform/model"
)

const writeSystem = `You write one search-optimised article for a business website, in Markdown.
Rules:
- Start with the title as a level-1 heading ("# ..."), exactly as given.
- The first paragraph answers the search query directly in two or three sentences, using the keyword.
- Then 4 to 7 sections with level-2 headings ("## ..."); use the keyword in at least one of them. Include at least one bulleted or numbered list and one table.
- Include a section "## Frequently asked questions" with 3 to 5 questions as level-3 headings, each answered in 1 to 3 sentences.
- End with "## Conclusion".
- 900 to 1,400 words. No images, no HTML, no front matter.
- About the business, state only what the brief says (its name, its own description, its pages). Never invent facts, figures, prices, customers, awards, features or quotes. Never name competitors.
- You may link only to the URLs listed under "Pages you may link to".
- Follow the tone, style, audience and house rules given.
Answer in exactly this format and nothing else:
DESCRIPTION: <meta description, at most 160 characters, containing the keyword>
TAGS: <2 to 5 short lowercase tags, comma-separated>
---
<the Markdown article>`

// WriteArticle asks the model for an article from the brief. The answer is
// checked for shape (a description line, tags and a body that starts with
// an H1); images are removed from the body.
func (m *Model) WriteArticle(ctx context.Context, b model.ArticleBrief) (model.ArticleDraft, error) {
	text, err := m.Converse(ctx, writeSystem, writePrompt(b), 4096)
	if err != nil {
		return model.ArticleDraft{}, err
	}
	return parseDraft(text, b)
}

func writePrompt(b model.ArticleBrief) string {
	var s strings.Builder
	line(&s, "Title", b.Title)
	line(&s, "Keyword", b.Keyword)
	line(&s, "Business name", b.Brand)
	line(&s, "The business describes itself as", b.ProductDescription)
	line(&s, "Website", b.WebsiteURL)
	line(&s, "Niche", b.Niche)
	line(&s, "Audience (from the website)", b.Audience)
	line(&s, "Market", b.Geo)
	line(&s, "Tone", b.Tone)
	line(&s, "Writing style", b.WritingStyle)
	line(&s, "Write for", b.Readers)
	houseRules(&s, b.BrandVoice)
	if len(b.Links) > 0 {
		s.WriteString("Pages you may link to:\n")
		for _, l := range b.Links {
			fmt.Fprintf(&s, "- %s: %s\n", l.Text, l.URL)
		}
	}
	return s.String()
}

var image = regexp.MustCompile(`!\[[^\]]*\]\([^)]*\)`)

// parseDraft reads the DESCRIPTION / TAGS / --- / body answer.
func parseDraft(text string, b model.ArticleBrief) (model.ArticleDraft, error) {
	head, body, found := strings.Cut(strings.TrimSpace(text), "\n---")
	if !found {
		return model.ArticleDraft{}, errors.New("bedrock: article answer lacks the --- separator")
	}
	var d model.ArticleDraft
	for _, l := range strings.Split(head, "\n") {
		name, value, _ := strings.Cut(l, ":")
		switch strings.ToUpper(strings.TrimSpace(name)) {
		case "DESCRIPTION":
			d.Description = strings.TrimSpace(value)
		case "TAGS":
			for _, t := range strings.Split(value, ",") {
				if t = strings.ToLower(strings.TrimSpace(t)); t != "" && len([]rune(t)) <= 40 && len(d.Tags) < 5 {
					d.Tags = append(d.Tags, t)
				}
			}
		}
	}
	body = strings.TrimSpace(strings.TrimPrefix(body, "\n"))
	body = strings.TrimSpace(image.ReplaceAllString(body, ""))
	if !strings.HasPrefix(body, "# ") || len(strings.Fields(body)) < 200 {
		return model.ArticleDraft{}, errors.New("bedrock: article answer is not a Markdown article with an H1")
	}
	if r := []rune(d.Description); len(r) > 160 {
		d.Description = string(r[:157]) + "..."
	}
	if len(b.Tags) > 0 {
		d.Tags = append([]string(nil), b.Tags...)
	}
	if d.Tags == nil {
		d.Tags = []string{}
	}
	d.BodyMarkdown = body + "\n"
	return d, nil
}

const rewriteSystem = `You rewrite one passage of an article, in Markdown, as instructed.
Rules:
- Keep the passage's meaning and its facts; add no new facts, figures, claims or links.
- Keep its Markdown structure unless the instructions ask for another (for example a list).
- Follow the tone and house rules given.
- Answer with the rewritten passage only: no preface, no heading of your own, no code fence.`

// RewritePassage asks the model to rewrite a passage as instructed.
func (m *Model) RewritePassage(ctx context.Context, b model.PassageBrief) (string, error) {
	var s strings.Builder
	line(&s, "Article title", b.Title)
	line(&s, "Keyword", b.Keyword)
	line(&s, "Business name", b.Brand)
	line(&s, "Tone", b.Tone)
	line(&s, "Writing style", b.WritingStyle)
	houseRules(&s, b.BrandVoice)
	instructions := b.Instructions
	if strings.TrimSpace(instructions) == "" {
		instructions = "Make it clearer and tighter."
	}
	line(&s, "Instructions", instructions)
	s.WriteString("Passage:\n" + b.Passage + "\n")
	text, err := m.Converse(ctx, rewriteSystem, s.String(), 2048)
	if err != nil {
		return "", err
	}
	text = strings.TrimSpace(image.ReplaceAllString(text, ""))
	if text == "" {
		return "", errors.New("bedrock: empty rewrite")
	}
	return text, nil
}

// houseRules lists the brand voice's house rules, one a line, when there
// are any.
func houseRules(s *strings.Builder, rules []string) {
	if len(rules) == 0 {
		return
	}
	s.WriteString("House rules:\n")
	for _, r := range rules {
		fmt.Fprintf(s, "- %s\n", r)
	}
}
