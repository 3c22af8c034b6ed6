package score

import (
	"reflect"
	"strings"
	"testing"
)

// full is an article that passes every check.
func full() Input {
	body := "# Coffee subscription guide\n\n" +
		"A coffee subscription is a regular delivery of fresh beans. Pick one by roast, rhythm and price, then try it for a month.\n\n" +
		"## Why a coffee subscription helps\n\n" + words(250) + "\n\n" +
		"## How to choose\n\n- Roast\n- Rhythm\n\n| Plan | Price |\n|---|---|\n| Solo | 9 |\n\n" + words(250) + "\n\n" +
		"## About Brewly\n\nBrewly sends a coffee subscription to your door. See [our plans](https://www.brewly.example.com/plans) and [the roasts](/roasts). " + words(250) + "\n\n" +
		"## Frequently asked questions\n\n### Can I pause?\n\nYes.\n\n### Can I cancel?\n\nYes, any time.\n\n" +
		"## Conclusion\n\n" + words(280) + " Read the [guide](https://example.org/guide).\n"
	return Input{
		Title: "Coffee subscription guide", Slug: "coffee-subscription-guide-0190b7a2", Keyword: "coffee subscription",
		Description: "What a coffee subscription is, how to choose one and what it costs.", Body: body,
		Brand: "Brewly", SiteHosts: []string{"brewly.example.com"},
	}
}

func words(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }

func TestFullMarks(t *testing.T) {
	s := Of(full())
	for _, c := range append(s.SEO.Checks, s.GEO.Checks...) {
		if !c.Passed {
			t.Errorf("check %s failed: %s", c.ID, c.Detail)
		}
	}
	if s.SEO.Score != 100 || s.GEO.Score != 100 || s.Overall != 100 || s.WordCount < 1000 {
		t.Fatalf("score = %+v", s)
	}
	if again := Of(full()); !reflect.DeepEqual(s, again) {
		t.Fatal("one article scored twice differs")
	}
}

// points returns the points each check earned.
func points(s Score) map[string]int {
	out := map[string]int{}
	for _, c := range append(s.SEO.Checks, s.GEO.Checks...) {
		out[c.ID] = c.Points
	}
	return out
}

func TestPartialMarks(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Input)
		want   map[string]int
	}{
		{"no keyword", func(in *Input) { in.Keyword = "" }, map[string]int{
			"keyword_in_title": 0, "keyword_in_h1": 0, "keyword_in_intro": 0, "keyword_in_subheading": 0,
			"keyword_in_description": 0, "keyword_in_slug": 0, "answer_first": 0, "definition": 0, "entity_clarity": 8}},
		{"long description", func(in *Input) { in.Description = strings.Repeat("coffee subscription ", 10) }, map[string]int{"description_length": 5}},
		{"no links", func(in *Input) {
			in.Body = strings.NewReplacer("[our plans](https://www.brewly.example.com/plans)", "plans", "[the roasts](/roasts)", "roasts", "[guide](https://example.org/guide)", "guide").Replace(in.Body)
		}, map[string]int{"links": 0, "site_citations": 0}},
		{"other site", func(in *Input) { in.SiteHosts = []string{"elsewhere.example.com"} }, map[string]int{"links": 10, "site_citations": 5}},
		{"no brand", func(in *Input) { in.Brand = "" }, map[string]int{"entity_clarity": 7}},
		{"long intro", func(in *Input) {
			in.Body = strings.Replace(in.Body, "then try it for a month.", "then try it. "+words(80), 1)
		}, map[string]int{"answer_first": 10}},
		{"no FAQ heading", func(in *Input) {
			in.Body = strings.Replace(in.Body, "## Frequently asked questions", "## More", 1)
		}, map[string]int{"faq": 10}},
		{"no table", func(in *Input) {
			in.Body = strings.Replace(in.Body, "| Plan | Price |\n|---|---|\n| Solo | 9 |\n", "", 1)
		}, map[string]int{"lists_and_tables": 8}},
		{"long section", func(in *Input) { in.Body = strings.Replace(in.Body, "## How to choose", "How to choose", 1) }, map[string]int{"short_sections": 0}},
		{"short", func(in *Input) { in.WordCount = 650 }, map[string]int{"length": 10}},
		{"no H1", func(in *Input) { in.Body = strings.TrimPrefix(in.Body, "# Coffee subscription guide\n\n") }, map[string]int{"keyword_in_h1": 10}},
	}
	base := points(Of(full()))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := full()
			c.change(&in)
			got := points(Of(in))
			for id, p := range base {
				want, changed := c.want[id]
				if !changed {
					want = p
				}
				if got[id] != want {
					t.Errorf("%s: %d points, want %d", id, got[id], want)
				}
			}
		})
	}
}

func TestEmptyArticle(t *testing.T) {
	s := Of(Input{Title: "Untitled", Keyword: "coffee"})
	if s.SEO.Score != 0 || s.GEO.Score != 0 || s.WordCount != 0 || len(s.SEO.Checks) != 10 || len(s.GEO.Checks) != 7 {
		t.Fatalf("empty article score = %+v", s)
	}
}

// TestKeywordInSlugIsFoldedLikeTheSlug: the slug is the title folded to
// ASCII words, so an accented keyword the title holds is in the slug too
// (the check used to look for "café-crème" in "cafe-creme-...").
func TestKeywordInSlugIsFoldedLikeTheSlug(t *testing.T) {
	for _, tc := range []struct {
		keyword, slug string
		want          bool
	}{
		{"café crème", "cafe-creme-at-home-0190b7a2", true},
		{"Straße", "die-strasse-0190b7a2", true},
		{"crème", "cremes-0190b7a2", false},
		{"кофе", "0190b7a2", false},
	} {
		in := Input{Title: tc.keyword, Slug: tc.slug, Keyword: tc.keyword}
		for _, c := range Of(in).SEO.Checks {
			if c.ID == "keyword_in_slug" && c.Passed != tc.want {
				t.Errorf("keyword %q in slug %q: passed %v, want %v (%s)", tc.keyword, tc.slug, c.Passed, tc.want, c.Detail)
			}
		}
	}
}
