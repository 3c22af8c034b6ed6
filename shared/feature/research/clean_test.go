package research

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/model"
)

// TestClean: malformed rows are dropped, enums are put right or
// estimated, numbers clamped, repeats and titles on the site skipped, and
// the counts capped.
func TestClean(t *testing.T) {
	in := model.ResearchInput{MaxKeywords: 3, Ideas: 3, AvoidTitles: []string{"On the Site!"}}
	raw := model.Research{
		Keywords: []model.KeywordIdea{
			{Name: "  Late  PAYMENTS ", Tag: strings.Repeat("tag ", 20), Intent: "informational", SearchVolume: 100, TrafficEstimate: 500, Trend: "rising"},
			{Name: "x"},
			{Name: strings.Repeat("y", 201)},
			{Name: "late payments", Intent: "Commercial"},
			{Name: "buy invoices", Intent: "Shopping", SearchVolume: -5, TrafficEstimate: -1, Trend: "Up"},
			{Name: "third one"},
			{Name: "fourth one"},
		},
		Ideas: []model.ArticleIdea{
			{Title: "on the site", Keyword: "late payments"},
			{Title: "  Good   idea ", Keyword: "Late Payments", Description: " a  b ", Competition: "high", AISignal: 140, TrafficEstimate: -3},
			{Title: "GOOD IDEA.", Keyword: "late payments"},
			{Title: "No keyword", Keyword: "z"},
			{Title: strings.Repeat("t", 201), Keyword: "late payments"},
			{Title: "Buy idea", Keyword: "buy invoices", AISignal: -4},
			{Title: "Unknown keyword idea", Keyword: "how to invoice", Competition: "Fierce"},
			{Title: "One too many", Keyword: "late payments"},
		},
	}
	got := Clean(raw, in)
	wantKW := []model.KeywordIdea{
		{Name: "late payments", Tag: "tag tag tag tag tag tag tag tag tag tag", Intent: "Informational", SearchVolume: 100, TrafficEstimate: 100, Trend: "Rising"},
		{Name: "buy invoices", Intent: "Transactional", Trend: "Steady"},
		{Name: "third one", Intent: "Informational", Trend: "Steady"},
	}
	if !reflect.DeepEqual(got.Keywords, wantKW) {
		t.Fatalf("keywords\n got  %+v\n want %+v", got.Keywords, wantKW)
	}
	wantIdeas := []model.ArticleIdea{
		{Title: "Good idea", Keyword: "late payments", Description: "a b", Competition: "High", AISignal: 100},
		{Title: "Buy idea", Keyword: "buy invoices", Competition: "High"},
		{Title: "Unknown keyword idea", Keyword: "how to invoice", Competition: "Low"},
	}
	if !reflect.DeepEqual(got.Ideas, wantIdeas) {
		t.Fatalf("ideas\n got  %+v\n want %+v", got.Ideas, wantIdeas)
	}
	if empty := Clean(model.Research{}, in); empty.Keywords == nil || empty.Ideas == nil {
		t.Fatal("lists must never be null")
	}
}

// TestCleanPlainText: a model's (or a website's) control characters and
// bidirectional overrides never reach a keyword, tag, title or
// description: the API refuses them in a keyword name or article title,
// so a saved keyword could not be used as an article's keyword.
func TestCleanPlainText(t *testing.T) {
	in := model.ResearchInput{MaxKeywords: 5, Ideas: 5}
	raw := model.Research{
		Keywords: []model.KeywordIdea{{Name: "gar\u202eden\ttools", Tag: "to\u2066ols\u2069", Intent: "Commercial"}},
		Ideas:    []model.ArticleIdea{{Title: "Garden\u202e tools\u0007 guide", Keyword: "gar\u202eden tools", Description: "line\u2028two\r\nthree"}},
	}
	got := Clean(raw, in)
	if len(got.Keywords) != 1 || got.Keywords[0].Name != "garden tools" || got.Keywords[0].Tag != "tools" {
		t.Fatalf("keywords %+v", got.Keywords)
	}
	if len(got.Ideas) != 1 || got.Ideas[0].Title != "Garden tools guide" || got.Ideas[0].Keyword != "garden tools" || got.Ideas[0].Description != "line two three" {
		t.Fatalf("ideas %+v", got.Ideas)
	}
}

func TestParseRequest(t *testing.T) {
	o, _ := input.Parse(nil)
	if r, err := ParseRequest(o); err != nil || r.Ideas != DefaultIdeas || r.Save || r.Seed != "" {
		t.Fatalf("defaults %+v %v", r, err)
	}
	o, _ = input.Parse([]byte(`{"seed": " crm ", "ideas": 0, "save": true}`))
	if r, err := ParseRequest(o); err != nil || r.Ideas != 0 || !r.Save || r.Seed != "crm" {
		t.Fatalf("parsed %+v %v", r, err)
	}
	o, _ = input.Parse([]byte(`{"ideas": 31, "save": null, "seed": ""}`))
	_, err := ParseRequest(o)
	var e *apperr.Error
	if !errors.As(err, &e) || len(e.Details) != 2 || e.Details[0].Field != "ideas" || e.Details[1].Field != "save" {
		t.Fatalf("ideas 31 and save null: %v", err)
	}
}
