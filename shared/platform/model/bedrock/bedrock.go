// Package bedrock is the model adapter for Amazon Bedrock: it asks a
// Bedrock model through the Converse API and reads its answer as JSON. It
// does no grounding itself; callers check its answers with model.Ground
// like any adapter's.
//
// It calls the one operation it needs (POST /model/{modelId}/converse,
// Client) through awsenv.Caller rather than the SDK's bedrockruntime
// client, whose generated code would add about a megabyte to the functions
// that run the model.
package bedrock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/platform/model"
)

// DefaultModelID is the Bedrock model used when none is configured.
const DefaultModelID = "anthropic.claude-3-haiku-20240307-v1:0"

// Converser sends a Converse request to Bedrock; *Client is the
// production one.
type Converser interface {
	Converse(ctx context.Context, in Request) (Answer, error)
}

// Model asks a Bedrock model. Build it with New or FromConfig.
type Model struct {
	ModelID string
	// MaxInput caps the characters of page text sent per request.
	MaxInput int

	once    sync.Once
	connect func(context.Context) (Converser, error)
	client  Converser
	err     error
}

var _ model.Model = (*Model)(nil)

// New returns a Model that calls client.
func New(client Converser, modelID string) *Model {
	return &Model{ModelID: modelID, connect: func(context.Context) (Converser, error) { return client, nil }}
}

// FromConfig returns the model modelID of Bedrock in cfg's account (default
// DefaultModelID when empty); the client is made at first use.
func FromConfig(cfg aws.Config, modelID string) *Model {
	if modelID == "" {
		modelID = DefaultModelID
	}
	return &Model{ModelID: modelID, connect: func(context.Context) (Converser, error) {
		return NewClient(cfg), nil
	}}
}

// Configured returns the model the configuration names: Bedrock's modelID
// when name is "bedrock" (its forum drafts falling back to the offline
// model when it fails), else the deterministic offline model.
func Configured(cfg aws.Config, name, modelID string) model.Model {
	if name == "bedrock" {
		return model.DraftFallback{Model: FromConfig(cfg, modelID)}
	}
	return model.Offline{}
}

func (m *Model) converser(ctx context.Context) (Converser, error) {
	m.once.Do(func() { m.client, m.err = m.connect(ctx) })
	return m.client, m.err
}

const analyzeSystem = `You read the pages of one business website and say what they state about the business.
Rules:
- Use only words, phrases and names that appear in the pages. Never add knowledge of your own, never guess.
- niche: a short phrase (at most 8 words) naming what the business is or sells, e.g. "invoicing software".
- audience: a short phrase (at most 6 words) naming whom it serves, as the pages say it, e.g. "freelancers and small agencies".
- competitors: names of other companies or products that the pages themselves compare the business with (comparison pages, "vs", "alternative to", "switch from"). Not customers, partners or integrations.
- Leave a field empty ("" or []) when the pages do not state it.
Answer with one JSON object and nothing else: {"niche": "...", "audience": "...", "competitors": ["..."]}`

// Analyze asks the model for the niche, audience and competitors of the
// pages. The answer is not grounded yet: pass it through model.Ground.
func (m *Model) Analyze(ctx context.Context, in model.AnalyzeInput) (model.Summary, error) {
	text, err := m.Converse(ctx, analyzeSystem, analyzePrompt(in, m.maxInput()), 600)
	if err != nil {
		return model.Summary{}, err
	}
	var s model.Summary
	if err := decodeJSON(text, &s); err != nil {
		return model.Summary{}, fmt.Errorf("bedrock: analysis answer is not the expected JSON: %w", err)
	}
	if s.Competitors == nil {
		s.Competitors = []string{}
	}
	return s, nil
}

// Converse sends one user message with a system prompt and returns the
// text of the model's answer. Temperature is 0 so answers are as repeatable
// as the model allows. Later tasks (research, writing) build on it.
func (m *Model) Converse(ctx context.Context, system, user string, maxTokens int32) (string, error) {
	c, err := m.converser(ctx)
	if err != nil {
		return "", err
	}
	id := m.ModelID
	if id == "" {
		id = DefaultModelID
	}
	out, err := c.Converse(ctx, Request{ModelID: id, System: system, User: user, MaxTokens: maxTokens})
	if err != nil {
		return "", fmt.Errorf("bedrock: converse with %s: %w", id, err)
	}
	if out.Text == "" {
		return "", fmt.Errorf("bedrock: empty answer (stop reason %s)", out.StopReason)
	}
	return out.Text, nil
}

func (m *Model) maxInput() int {
	if m.MaxInput > 0 {
		return m.MaxInput
	}
	return 24000
}

// analyzePrompt renders the pages as plain text, at most max characters.
func analyzePrompt(in model.AnalyzeInput, max int) string {
	var b strings.Builder
	if in.BrandName != "" {
		fmt.Fprintf(&b, "Business name: %s\n", in.BrandName)
	}
	for i, p := range in.Pages {
		fmt.Fprintf(&b, "\n--- Page %d: %s\n", i+1, p.URL)
		line(&b, "Title", p.Title)
		line(&b, "Description", p.Description)
		line(&b, "Headings", strings.Join(p.Headings, " / "))
		var links []string
		for _, l := range p.Links {
			if l.Text != "" {
				links = append(links, l.Text)
			}
		}
		line(&b, "Link texts", strings.Join(links, " / "))
		line(&b, "Text", p.Text)
	}
	s := b.String()
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "") // never split a character
	}
	return s
}

func line(b *strings.Builder, label, value string) {
	if value != "" {
		fmt.Fprintf(b, "%s: %s\n", label, value)
	}
}

// decodeJSON reads the first JSON object in text (models sometimes wrap it
// in prose or a code fence).
func decodeJSON(text string, v any) error {
	start, end := strings.Index(text, "{"), strings.LastIndex(text, "}")
	if start < 0 || end < start {
		return errors.New("no JSON object in the answer")
	}
	return json.Unmarshal([]byte(text[start:end+1]), v)
}
