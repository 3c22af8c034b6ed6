package bedrock

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"rvcontent/shared/platform/model"
)

var researchIn = model.ResearchInput{
	BrandName: "Ledgerly", Niche: "invoicing app", Audience: "freelancers", Seed: "late payments",
	Keywords: []string{"invoice template"}, AvoidTitles: []string{"Chasing late payments"}, MaxKeywords: 24, Ideas: 2,
}

// TestResearchConverse: the facts, seed, tracked keywords and existing
// titles go to the model; rows of the wrong shape are dropped, numbers
// written as strings or decimals are read.
func TestResearchConverse(t *testing.T) {
	f := &fakeBedrock{answer: "```json\n" + `{"keywords": [
  {"name": "late payments", "tag": "payments", "intent": "Informational", "search_volume": "1,200", "traffic_estimate": 360.4, "trend": "Rising"},
  {"name": ["not", "a", "name"]},
  {"name": "invoice reminders", "intent": "Commercial", "search_volume": "lots"},
  {"tag": "no name"}
], "ideas": [
  {"title": "How to stop late payments", "description": "Why invoices go unpaid.", "keyword": "late payments", "traffic_estimate": 300, "competition": "Low", "ai_signal": 80},
  {"title": "No keyword"},
  {"title": "Bad signal", "keyword": "x", "ai_signal": {}}
]}` + "\n```"}
	got, err := newModel(t, f).Research(context.Background(), researchIn)
	if err != nil {
		t.Fatal(err)
	}
	want := model.Research{
		Keywords: []model.KeywordIdea{{Name: "late payments", Tag: "payments", Intent: "Informational", SearchVolume: 1200, TrafficEstimate: 360, Trend: "Rising"}},
		Ideas:    []model.ArticleIdea{{Title: "How to stop late payments", Description: "Why invoices go unpaid.", Keyword: "late payments", TrafficEstimate: 300, Competition: "Low", AISignal: 80}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	msg := f.requests[0].Msgs[0].Content[0].Text
	for _, s := range []string{"Business name: Ledgerly", "Niche: invoicing app", "Seed topic to research around: late payments",
		"Keywords it already tracks: invoice template", "- Chasing late payments", "Give up to 24 keywords and exactly 2 ideas."} {
		if !strings.Contains(msg, s) {
			t.Errorf("prompt lacks %q:\n%s", s, msg)
		}
	}
	if sys := f.requests[0].System[0].Text; !strings.Contains(sys, "Never state or imply facts about the business") {
		t.Errorf("system prompt %q", sys)
	}
}

func TestResearchErrors(t *testing.T) {
	if _, err := newModel(t, &fakeBedrock{status: 400}).Research(context.Background(), researchIn); err == nil {
		t.Fatal("an error status must be an error")
	}
	if _, err := newModel(t, &fakeBedrock{answer: "No idea."}).Research(context.Background(), researchIn); err == nil {
		t.Fatal("an answer without JSON must be an error")
	}
}
