package model

import (
	"context"
	"reflect"
	"testing"
)

func researchInput() ResearchInput {
	return ResearchInput{
		BrandName: "Ledgerly", Niche: "invoicing app", Audience: "freelancers", Competitors: []string{"FreshBooks"},
		MaxKeywords: 24, Ideas: 10,
	}
}

// TestOfflineResearchKeywords: the niche's phrases and the competitors'
// take turns, then the brand's; intents come from the patterns and the
// numbers from the Estimate formulas.
func TestOfflineResearchKeywords(t *testing.T) {
	in := researchInput()
	in.MaxKeywords = 6
	r, err := Offline{}.Research(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	want := []KeywordIdea{
		{Name: "invoicing app", Tag: "invoicing app", SearchVolume: 1920, TrafficEstimate: 384, Intent: IntentCommercial, Trend: TrendSteady},
		{Name: "freshbooks alternatives", Tag: "competitors", SearchVolume: 1920, TrafficEstimate: 384, Intent: IntentCommercial, Trend: TrendSteady},
		{Name: "best invoicing app", Tag: "invoicing app", SearchVolume: 720, TrafficEstimate: 144, Intent: IntentCommercial, Trend: TrendSteady},
		{Name: "ledgerly vs freshbooks", Tag: "competitors", SearchVolume: 720, TrafficEstimate: 144, Intent: IntentCommercial, Trend: TrendSteady},
		{Name: "invoicing app for freelancers", Tag: "invoicing app", SearchVolume: 320, TrafficEstimate: 64, Intent: IntentCommercial, Trend: TrendSteady},
		{Name: "invoicing app pricing", Tag: "invoicing app", SearchVolume: 540, TrafficEstimate: 81, Intent: IntentTransactional, Trend: TrendSteady},
	}
	if !reflect.DeepEqual(r.Keywords, want) {
		t.Fatalf("keywords\n got  %+v\n want %+v", r.Keywords, want)
	}
	again, _ := Offline{}.Research(context.Background(), in)
	if !reflect.DeepEqual(again, r) {
		t.Fatal("the same input gave another answer")
	}
}

// TestOfflineResearchSeedFirst: the seed's phrases come before the scan's.
func TestOfflineResearchSeedFirst(t *testing.T) {
	in := researchInput()
	in.Seed, in.MaxKeywords = "  Late   Payments. ", 3
	r, _ := Offline{}.Research(context.Background(), in)
	var names []string
	for _, k := range r.Keywords {
		names = append(names, k.Name)
	}
	if want := []string{"late payments", "late payments guide", "late payments tips"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("keywords %v, want %v", names, want)
	}
	in.Seed = "how to chase an invoice"
	r, _ = Offline{}.Research(context.Background(), in)
	if k := r.Keywords[0]; k.Name != "how to chase an invoice" || k.Intent != IntentInformational || r.Keywords[1].Name != "how to chase an invoice for freelancers" {
		t.Fatalf("question seed %+v", r.Keywords)
	}
}

// TestOfflineResearchIdeas: ideas take the keywords in turn through the
// angles, keep the names' case, and skip titles on the site.
func TestOfflineResearchIdeas(t *testing.T) {
	in := researchInput()
	in.MaxKeywords, in.Ideas = 2, 3
	in.AvoidTitles = []string{"FRESHBOOKS alternatives -- how to compare your options!"}
	r, _ := Offline{}.Research(context.Background(), in)
	want := []ArticleIdea{
		{Title: "Invoicing app: how to compare your options", Description: "Sets out what to compare when looking at invoicing app, for freelancers.", Keyword: "invoicing app", TrafficEstimate: 384, Competition: CompetitionHigh, AISignal: 55},
		{Title: "Common questions about invoicing app, answered", Description: "Answers the questions people ask most about invoicing app.", Keyword: "invoicing app", TrafficEstimate: 192, Competition: CompetitionHigh, AISignal: 55},
		{Title: "Common questions about FreshBooks alternatives, answered", Description: "Answers the questions people ask most about FreshBooks alternatives.", Keyword: "freshbooks alternatives", TrafficEstimate: 192, Competition: CompetitionHigh, AISignal: 60},
	}
	if !reflect.DeepEqual(r.Ideas, want) {
		t.Fatalf("ideas\n got  %+v\n want %+v", r.Ideas, want)
	}
	in.Ideas = 0
	if r, _ := (Offline{}).Research(context.Background(), in); len(r.Ideas) != 0 || r.Ideas == nil {
		t.Fatalf("ideas 0 gave %v", r.Ideas)
	}
}

// TestOfflineResearchNothingKnown: no facts, no seed: nothing is invented.
func TestOfflineResearchNothingKnown(t *testing.T) {
	r, _ := Offline{}.Research(context.Background(), ResearchInput{MaxKeywords: 24, Ideas: 10})
	if len(r.Keywords) != 0 || len(r.Ideas) != 0 {
		t.Fatalf("research of nothing: %+v", r)
	}
}

func TestEstimates(t *testing.T) {
	for _, c := range []struct {
		name, intent string
		volume       int
	}{
		{"crm", IntentInformational, 6000}, {"crm", IntentNavigational, 600}, {"best crm", IntentCommercial, 1920},
		{"crm pricing plans", IntentTransactional, 540}, {"a b c d e f g", IntentInformational, 90}, {"", IntentInformational, 0},
	} {
		if got := EstimateVolume(c.name, c.intent); got != c.volume {
			t.Errorf("EstimateVolume(%q, %s) = %d, want %d", c.name, c.intent, got, c.volume)
		}
	}
	if EstimateTraffic(1000, IntentInformational) != 300 || EstimateTraffic(1000, "") != 200 || EstimateTraffic(15, IntentNavigational) != 1 {
		t.Error("EstimateTraffic")
	}
	for name, want := range map[string]string{
		"how to send an invoice": IntentInformational, "crm pricing": IntentTransactional, "best crm": IntentCommercial,
		"acme login": IntentNavigational, "crm": IntentInformational,
	} {
		if got := GuessIntent(name); got != want {
			t.Errorf("GuessIntent(%q) = %s, want %s", name, got, want)
		}
	}
	if NormalTitle("  How-to: Café   GUIDE! ") != "how to cafe guide" {
		t.Errorf("NormalTitle = %q", NormalTitle("  How-to: Café   GUIDE! "))
	}
	if c, ok := Canonical(" informational ", Intents); !ok || c != IntentInformational {
		t.Error("Canonical")
	}
	if ShortTag("one two three four five six seven eight nine ten") != "one two three four five six seven eight" {
		t.Errorf("ShortTag = %q", ShortTag("one two three four five six seven eight nine ten"))
	}
}

// TestNormalKeyword: trimmed, collapsed, NFC-composed and lowercase, a
// Greek sigma that ends a word written ς (Unicode's Final_Sigma).
func TestNormalKeyword(t *testing.T) {
	for in, want := range map[string]string{
		"  Best   CRM ":            "best crm",
		"Cafe\u0301":               "caf\u00e9",
		"ΚΑΦΕΣ ΦΙΛΤΡΟΥ":            "καφες φιλτρου",
		"καφεσ, σκονη":             "καφες, σκονη",
		"ΟΔΟΣ2 Σ ΑΣ\u0301":         "οδος2 σ ας\u0301",
		"ΣΑΣ-ΣΑΣ":                  "σας-σας",
		"Ha\u0300 Na\u0302\u0323i": "h\u00e0 n\u1eadi",
	} {
		if got := NormalKeyword(in); got != want {
			t.Errorf("NormalKeyword(%+q) = %+q, want %+q", in, got, want)
		}
	}
}
