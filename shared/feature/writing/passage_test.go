package writing

import (
	"testing"

	"rvcontent/shared/kernel/apperr"
)

const body = "# Title\n\nIntro.\n\n## One\n\nFirst part.\n\n### Detail\n\nMore.\n\n```\n## not a heading\n```\n\n## Two\n\nSecond part.\n"

func TestFindSection(t *testing.T) {
	cases := []struct {
		name, section, text, want string
	}{
		{"up to the next heading of its level", "one", "First part.\n\n### Detail\n\nMore.\n\n```\n## not a heading\n```", "# Title\n\nIntro.\n\n## One\n\nNEW\n\n## Two\n\nSecond part.\n"},
		{"the last section", "Two", "Second part.", "# Title\n\nIntro.\n\n## One\n\nFirst part.\n\n### Detail\n\nMore.\n\n```\n## not a heading\n```\n\n## Two\n\nNEW\n"},
		{"a subsection", "  DETAIL ", "More.\n\n```\n## not a heading\n```", "# Title\n\nIntro.\n\n## One\n\nFirst part.\n\n### Detail\n\nNEW\n\n## Two\n\nSecond part.\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := findSection(body, c.section)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.text(body); got != c.text {
				t.Fatalf("passage = %q, want %q", got, c.text)
			}
			if got := p.replace(body, "  NEW\n"); got != c.want {
				t.Fatalf("replaced = %q, want %q", got, c.want)
			}
		})
	}
	for _, bad := range []string{"Three", "not a heading", ""} {
		if _, err := findSection(body, bad); !apperr.Is(err, apperr.ValidationFailed) {
			t.Errorf("section %q: %v, want validation_failed", bad, err)
		}
	}
	if _, err := findSection("## A\n\n## A\n\nx\n", "A"); !apperr.Is(err, apperr.ValidationFailed) {
		t.Errorf("an ambiguous heading was accepted: %v", err)
	}
}

func TestFindText(t *testing.T) {
	p, err := findText(body, "First part.")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.replace(body, "Changed."); got != "# Title\n\nIntro.\n\n## One\n\nChanged.\n\n### Detail\n\nMore.\n\n```\n## not a heading\n```\n\n## Two\n\nSecond part.\n" {
		t.Fatalf("replaced = %q", got)
	}
	for _, bad := range []string{"part", "Missing."} {
		if _, err := findText(body, bad); !apperr.Is(err, apperr.ValidationFailed) {
			t.Errorf("text %q: %v, want validation_failed", bad, err)
		}
	}
}

// Setext headings (text underlined with = or -) are headings too, as the
// renderer and the score read them; a section ends at the next one.
func TestFindSetextSection(t *testing.T) {
	const setext = "Guide\n=====\n\nIntro.\n\n#tag line\n---------\n\nTagged.\n\nWhy it\nmatters\n-------\n\nBecause.\n\n## Last\n\nEnd.\n"
	cases := []struct{ section, text, heading string }{
		{"Guide", "Intro.\n\n#tag line\n---------\n\nTagged.\n\nWhy it\nmatters\n-------\n\nBecause.\n\n## Last\n\nEnd.", "Guide"},
		{"#tag line", "Tagged.", "#tag line"},
		{"why it matters", "Because.", "Why it matters"},
	}
	for _, c := range cases {
		p, err := findSection(setext, c.section)
		if err != nil {
			t.Fatalf("section %q: %v", c.section, err)
		}
		if got := p.text(setext); got != c.text || p.section != c.heading {
			t.Fatalf("section %q = %q under %q, want %q under %q", c.section, got, p.section, c.text, c.heading)
		}
	}
	p, _ := findSection(setext, "Why it matters")
	if got, want := p.replace(setext, "NEW"), "Guide\n=====\n\nIntro.\n\n#tag line\n---------\n\nTagged.\n\nWhy it\nmatters\n-------\n\nNEW\n\n## Last\n\nEnd.\n"; got != want {
		t.Fatalf("replaced = %q, want %q", got, want)
	}
}
