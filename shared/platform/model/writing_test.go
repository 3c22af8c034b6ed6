package model

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func brief() ArticleBrief {
	return ArticleBrief{
		Title: "Invoicing Software for Freelancers", Keyword: "invoicing software", Brand: "Ledgerly",
		ProductDescription: "Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds and get paid faster. Made in Leeds.",
		WebsiteURL:         "https://ledgerly.example.com/", Niche: "invoicing app", Audience: "freelancers and small agencies",
		Geo: "United Kingdom (English)", Competitors: []string{"FreshBooks", "Xero"},
		Links: []Link{{Text: "Ledgerly", URL: "https://ledgerly.example.com/"}, {Text: "Chasing late payments", URL: "https://ledgerly.example.com/blog/late"}},
	}
}

func TestWriteArticleShape(t *testing.T) {
	d, err := Offline{}.WriteArticle(context.Background(), brief())
	if err != nil {
		t.Fatal(err)
	}
	body := d.BodyMarkdown
	lines := strings.Split(body, "\n")
	if lines[0] != "# Invoicing Software for Freelancers" || lines[1] != "" {
		t.Fatalf("body opens with %q", lines[:2])
	}
	if intro := lines[2]; !strings.Contains(strings.ToLower(intro), "invoicing software") || len(strings.Fields(intro)) > 80 {
		t.Fatalf("intro does not answer first: %q", intro)
	}
	for _, want := range []string{
		"\n## What is invoicing software?\n", "\n## How to get started with invoicing software\n", "\n| What to check |",
		"\n## How Ledgerly can help\n", "[Ledgerly](https://ledgerly.example.com/)",
		// The site's own words, quoted as they are (two sentences).
		"\n> Ledgerly is an invoicing app for freelancers and small agencies. Send invoices in seconds and get paid faster.\n",
		"\n## Related reading\n\n- [Chasing late payments](https://ledgerly.example.com/blog/late)\n",
		"\n## Frequently asked questions\n", "\n### Who is invoicing software for?\n\nIt is most useful for freelancers and small agencies",
		"\n## Conclusion\n", "If you work in the United Kingdom",
	} {
		if !strings.Contains(body, want) {
			t.Fatalf("body lacks %q:\n%s", want, body)
		}
	}
	for _, never := range []string{"![", "FreshBooks", "Xero", "Made in Leeds", "<img"} {
		if strings.Contains(body, never) {
			t.Fatalf("body holds %q, which it must not invent or repeat:\n%s", never, body)
		}
	}
	seen := map[string]bool{}
	for _, l := range lines {
		if h := strings.ToLower(strings.TrimLeft(l, "# ")); strings.HasPrefix(l, "#") && seen[h] {
			t.Fatalf("heading %q appears twice, so a rewrite cannot name its section:\n%s", h, body)
		} else {
			seen[h] = true
		}
	}
	if n := len(strings.Fields(body)); n < 900 {
		t.Fatalf("body has %d words, want a full article", n)
	}
	if d.Description != "Invoicing software explained for freelancers and small agencies: a step-by-step plan, what to look for, mistakes to avoid and answers to common questions." {
		t.Fatalf("description = %q", d.Description)
	}
	if !reflect.DeepEqual(d.Tags, []string{"invoicing software", "invoicing app"}) {
		t.Fatalf("tags = %v", d.Tags)
	}
	again, _ := Offline{}.WriteArticle(context.Background(), brief())
	if !reflect.DeepEqual(d, again) {
		t.Fatal("the same brief gave two articles")
	}
}

func TestWriteArticleSettings(t *testing.T) {
	b := brief()
	b.Tone, b.WritingStyle, b.Readers = "Friendly", "Step-by-step", "Founders / Entrepreneurs"
	b.BrandVoice = []string{"Never use the word \"bargain\"", "Avoid: hesitation, marketing", "Write short sentences"}
	b.Tags = []string{"billing"}
	d, _ := Offline{}.WriteArticle(context.Background(), b)
	body := d.BodyMarkdown
	for _, want := range []string{"### Step 1: Write down the goal\n", "founders and entrepreneurs", "won't", "| What to check | Why it matters | Question to ask |"} {
		if !strings.Contains(body, want) {
			t.Fatalf("body lacks %q:\n%s", want, body)
		}
	}
	for _, banned := range []string{"bargain", "hesitation", "marketing"} {
		if strings.Contains(strings.ToLower(body), banned) {
			t.Fatalf("body uses the banned %q:\n%s", banned, body)
		}
	}
	if !strings.Contains(body, "> Ledgerly is an invoicing app") {
		t.Fatal("contractions or rules changed the site's quoted words")
	}
	if !reflect.DeepEqual(d.Tags, []string{"billing"}) {
		t.Fatalf("tags = %v, want the article's own", d.Tags)
	}

	c := brief()
	c.WritingStyle, c.Brand, c.ProductDescription, c.Links = "Concise and actionable", "", "", nil
	short, _ := Offline{}.WriteArticle(context.Background(), c)
	if strings.Contains(short.BodyMarkdown, "can help") || strings.Contains(short.BodyMarkdown, "](") {
		t.Fatalf("an article without a brand or pages names or links one:\n%s", short.BodyMarkdown)
	}
	if len(strings.Fields(short.BodyMarkdown)) >= len(strings.Fields(body)) {
		t.Fatal("the concise style is not shorter")
	}
}

func TestBannedPhrases(t *testing.T) {
	got := BannedPhrases([]string{"Avoid jargon like 'synergy' and \"leverage\"", "Don't say cheap, free or basically.", "Use British spelling", "No emojis"})
	want := []string{"synergy", "leverage", "cheap", "free", "basically", "emojis"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("BannedPhrases = %v, want %v", got, want)
	}
}

func TestRewritePassage(t *testing.T) {
	passage := "In order to brew well you need fresh beans. A grinder is very useful too.\n\n- It is simple.\n- It is cheap."
	cases := []struct {
		name, instructions, want string
	}{
		{"tighten by default", "", "To brew well you need fresh beans. A grinder is useful too.\n\n- It is simple.\n- It is cheap."},
		{"bullets", "Turn it into a bulleted list", "- To brew well you need fresh beans.\n- A grinder is useful too.\n\n- It is simple.\n- It is cheap."},
		{"shorter", "make it shorter", "To brew well you need fresh beans.\n\n- It is simple.\n- It is cheap."},
		{"casual", "more casual please", "To brew well you need fresh beans. A grinder is useful too.\n\n- It's simple.\n- It's cheap."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Offline{}.RewritePassage(context.Background(), PassageBrief{Passage: passage, Instructions: c.instructions})
			if err != nil || got != c.want {
				t.Fatalf("got %q (%v), want %q", got, err, c.want)
			}
		})
	}
	got, _ := Offline{}.RewritePassage(context.Background(), PassageBrief{Passage: passage, BrandVoice: []string{"Never say cheap"}})
	if strings.Contains(got, "cheap") || !strings.Contains(got, "- It is simple.") {
		t.Fatalf("rewrite kept a banned word: %q", got)
	}
	long := "The plan covers every step you need, from choosing beans to grinding them, and it also explains how to store them so that they stay fresh for as long as possible at home."
	if got, _ := (Offline{}).RewritePassage(context.Background(), PassageBrief{Passage: long}); strings.Count(got, ". ") != 1 {
		t.Fatalf("a long sentence was not split: %q", got)
	}
}
