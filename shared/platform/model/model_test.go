package model

import (
	"context"
	"reflect"
	"testing"
)

func richInput() AnalyzeInput {
	return AnalyzeInput{
		BrandName: "Ledgerly",
		Pages: []Page{
			{
				URL:         "https://ledgerly.example.com/",
				Title:       "Ledgerly | Invoicing software for freelancers",
				Description: "Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds.",
				Headings:    []string{"Get paid faster", "Why teams switch from FreshBooks"},
				Hero:        "Send invoices, chase payments and file expenses in one place.",
				Text:        "Get paid faster. Send invoices, chase payments and file expenses in one place. Trusted by Shopify sellers. Why teams switch from FreshBooks.",
				Links: []Link{
					{Text: "Pricing", URL: "https://ledgerly.example.com/pricing"},
					{Text: "Ledgerly vs Wave", URL: "https://ledgerly.example.com/vs/wave"},
				},
			},
			{
				URL:      "https://ledgerly.example.com/compare",
				Title:    "Compare | Ledgerly",
				Headings: []string{"The best QuickBooks alternative"},
				Text:     "Unlike Xero, Ledgerly is free for one client. Compared with Zoho Invoice and Sage, setup takes a minute.",
			},
		},
	}
}

func TestOfflineAnalyzeRich(t *testing.T) {
	got, err := Offline{}.Analyze(context.Background(), richInput())
	if err != nil {
		t.Fatal(err)
	}
	want := Summary{
		Niche:       "invoicing app",
		Audience:    "freelancers and small agencies",
		Competitors: []string{"FreshBooks", "Wave", "QuickBooks", "Xero", "Zoho Invoice", "Sage"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	if g := Ground(got, richInput()); !reflect.DeepEqual(g, want) {
		t.Fatalf("Ground dropped parts of the offline answer: %+v", g)
	}
}

func TestOfflineAnalyzeBare(t *testing.T) {
	for _, p := range []Page{
		{Title: "Welcome", Text: "Coming soon."},
		{Title: "My site", Headings: []string{"Hello world"}, Text: "Hello world. This is my new website. Thanks for visiting."},
		{},
	} {
		got, _ := Offline{}.Analyze(context.Background(), AnalyzeInput{BrandName: "My site", Pages: []Page{p}})
		if got.Niche != "" || got.Audience != "" || len(got.Competitors) != 0 || got.Competitors == nil {
			t.Errorf("bare page %+v gave %+v, want every field empty", p, got)
		}
	}
}

func TestOfflineTaglineNiche(t *testing.T) {
	in := AnalyzeInput{BrandName: "Crumb & Co", Pages: []Page{{Title: "Crumb & Co — Wholesale sourdough bakery", Text: "Fresh loaves daily."}}}
	got, _ := Offline{}.Analyze(context.Background(), in)
	if got.Niche != "Wholesale sourdough bakery" {
		t.Fatalf("niche %q, want the title's tagline", got.Niche)
	}
	in.BrandName = ""
	if got, _ := (Offline{}).Analyze(context.Background(), in); got.Niche != "" {
		t.Fatalf("without a known brand the tagline cannot be told apart: %q", got.Niche)
	}
}

func TestOfflineLocalBusiness(t *testing.T) {
	in := AnalyzeInput{BrandName: "Acme Plumbing", Pages: []Page{{
		Title:       "Acme Plumbing – Austin, TX",
		Description: "Acme Plumbing is a family-owned plumbing company serving Austin homeowners since 1990.",
		Headings:    []string{"Why we're better than Roto-Rooter", "Compare Basic and Pro plans"},
		Links:       []Link{{Text: "Compare Acme with Mr. Rooter"}},
	}}}
	got, _ := Offline{}.Analyze(context.Background(), in)
	want := Summary{Niche: "family-owned plumbing company", Audience: "Austin homeowners", Competitors: []string{"Roto-Rooter", "Mr. Rooter"}}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(Ground(got, in), want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestOfflineAudienceNeedsPeople(t *testing.T) {
	in := AnalyzeInput{Pages: []Page{{Description: "Sourdough for breakfast. Free delivery for orders over £20. Bread for cafés and restaurants across London."}}}
	got, _ := Offline{}.Analyze(context.Background(), in)
	if got.Audience != "cafés and restaurants" {
		t.Fatalf("audience %q", got.Audience)
	}
}

// TestGroundDropsUngrounded feeds Ground what a model might invent.
func TestGroundDropsUngrounded(t *testing.T) {
	in := richInput()
	cases := []struct {
		name string
		in   Summary
		want Summary
	}{
		{"grounded paraphrase kept", Summary{Niche: "Invoicing software", Audience: "freelancer", Competitors: []string{"Wave"}},
			Summary{Niche: "Invoicing software", Audience: "freelancer", Competitors: []string{"Wave"}}},
		{"invented words dropped", Summary{Niche: "B2B SaaS fintech platform", Audience: "enterprise CFOs", Competitors: []string{"Stripe"}},
			Summary{Competitors: []string{}}},
		{"named but never compared", Summary{Competitors: []string{"Shopify", "FreshBooks", "freshbooks"}},
			Summary{Competitors: []string{"FreshBooks"}}},
		{"the brand is no competitor", Summary{Competitors: []string{"Ledgerly", "ledgerly"}}, Summary{Competitors: []string{}}},
		{"only stopwords", Summary{Niche: "the and of", Audience: "   "}, Summary{Competitors: []string{}}},
		{"too long", Summary{Niche: longPhrase()}, Summary{Competitors: []string{}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Ground(tc.in, in); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func longPhrase() string {
	s := ""
	for len(s) <= MaxPhrase {
		s += "invoices "
	}
	return s
}

// TestOfflineTitleCaseComparison: in a title-case heading ("Why Schools
// Pick Acme vs Estes") the words before the brand are no rival's name:
// the page compares the brand itself, and only the name after the cue is a
// competitor. A rival named right before the cue still counts.
func TestOfflineTitleCaseComparison(t *testing.T) {
	in := AnalyzeInput{BrandName: "Acme Rockets", Pages: []Page{{
		Title:    "Acme Rockets | Model rockets for schools",
		Headings: []string{"Why Schools Pick Acme vs Estes", "Top Picks: Acme Rockets vs Quest Aerospace"},
		Text:     "Teachers Love Acme Rockets vs Klima kits.\nAerotech vs Acme? Read on.",
	}}}
	got, _ := Offline{}.Analyze(context.Background(), in)
	want := []string{"Estes", "Quest Aerospace", "Klima", "Aerotech"}
	if !reflect.DeepEqual(got.Competitors, want) {
		t.Fatalf("competitors %q, want %q", got.Competitors, want)
	}
}
