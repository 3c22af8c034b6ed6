package bedrock

import (
	"context"
	"fmt"
	"strings"

	"rvcontent/shared/platform/model"
)

const replySystem = `You draft one reply to a discussion-forum thread for a person who works on a product. The person reads, edits and posts it themselves.
Rules:
- Answer the thread's question first, helpfully, in the thread's own terms. The product is one option among others, never the whole answer.
- State only facts about the product that appear in its description below. Never invent features, prices, numbers or customers.
- No hype, superlatives or hard selling; never use any phrase from the "Avoid" list.
- At most the allowed number of links, and only the website address given.
- End with the disclosure line exactly as given.
- Match the requested tone. Keep it between 40 and 1500 characters.
- If a helpful, honest reply is impossible (the thread is not a question the product relates to, or asks for something harmful), refuse.
Answer with one JSON object and nothing else: {"body": "the reply"} or {"refuse": "one-sentence reason"}`

// DraftReply asks the model for a forum reply draft; a refusal comes back
// as a *model.Refusal.
func (m *Model) DraftReply(ctx context.Context, in model.ReplyInput) (model.ReplyDraft, error) {
	text, err := m.Converse(ctx, replySystem, replyPrompt(in, m.maxInput()), 900)
	if err != nil {
		return model.ReplyDraft{}, err
	}
	var out struct {
		Body   string `json:"body"`
		Refuse string `json:"refuse"`
	}
	if err := decodeJSON(text, &out); err != nil {
		return model.ReplyDraft{}, fmt.Errorf("bedrock: reply answer is not the expected JSON: %w", err)
	}
	if out.Refuse != "" {
		return model.ReplyDraft{}, &model.Refusal{Reason: out.Refuse}
	}
	if strings.TrimSpace(out.Body) == "" {
		return model.ReplyDraft{}, fmt.Errorf("bedrock: reply answer has an empty body")
	}
	return model.ReplyDraft{Body: strings.TrimSpace(out.Body)}, nil
}

// replyPrompt renders the thread, the product and the settings as plain
// text, at most max characters.
func replyPrompt(in model.ReplyInput, max int) string {
	var b strings.Builder
	line(&b, "Product name", in.Brand)
	line(&b, "Product description", in.ProductDescription)
	line(&b, "Niche", in.Niche)
	fmt.Fprintf(&b, "Links allowed: %d\n", in.MaxLinks)
	if in.MaxLinks > 0 {
		line(&b, "Website", in.WebsiteURL)
	}
	line(&b, "Tone", in.Tone)
	line(&b, "Disclosure line", in.Disclosure)
	line(&b, "Avoid", strings.Join(in.Avoid, " / "))
	line(&b, "Instructions", in.Instructions)
	if in.Previous != "" {
		b.WriteString("\n--- Rewrite this earlier draft")
		if len(in.Fix) > 0 {
			b.WriteString(" (it failed these checks: " + strings.Join(in.Fix, ", ") + ")")
		}
		b.WriteString(":\n" + in.Previous + "\n")
	}
	fmt.Fprintf(&b, "\n--- Thread in %s\n", in.Subforum)
	line(&b, "Found by searching", in.Keyword)
	line(&b, "Title", in.Title)
	line(&b, "Body", in.Body)
	for i, c := range in.Comments {
		line(&b, fmt.Sprintf("Top comment %d", i+1), c)
	}
	s := b.String()
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "")
	}
	return s
}
