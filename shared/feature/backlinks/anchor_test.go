package backlinks

import (
	"strings"
	"testing"

	"rvcontent/shared/feature/articles/editing"
)

const target = "https://acme.example/grinders"

func TestInsertLinkUsesExistingPhrase(t *testing.T) {
	anchors := []string{"burr grinder", "espresso grinders", "grinding coffee"}
	cases := []struct {
		name, body, want, anchor string
		first                    int
	}{
		{
			name:   "phrase in a paragraph, case kept",
			body:   "# Burr grinder guide\n\nA good Burr  Grinder matters.\n",
			want:   "# Burr grinder guide\n\nA good [Burr  Grinder](" + target + ") matters.\n",
			anchor: "burr grinder",
		},
		{
			name:   "rotation starts at first",
			body:   "Espresso grinders and a burr grinder.",
			want:   "[Espresso grinders](" + target + ") and a burr grinder.",
			anchor: "espresso grinders", first: 1,
		},
		{
			name:   "not inside code, links or words",
			body:   "Use `burr grinder` or [burr grinder](https://x.example) or burr grinders; a burr grinder.",
			want:   "Use `burr grinder` or [burr grinder](https://x.example) or burr grinders; a [burr grinder](" + target + ").",
			anchor: "burr grinder",
		},
		{
			name:   "list items count, code blocks do not",
			body:   "```\nburr grinder\n```\n\n- a burr grinder",
			want:   "```\nburr grinder\n```\n\n- a [burr grinder](" + target + ")",
			anchor: "burr grinder",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, a := InsertLink(c.body, target, anchors, c.first)
			if got != c.want || a != c.anchor {
				t.Fatalf("got %q with %q\nwant %q with %q", got, a, c.want, c.anchor)
			}
		})
	}
}

func TestInsertLinkAddsSentence(t *testing.T) {
	anchors := []string{"hand grinders", "manual grinding", "coffee mills"}
	body := "# Brewing\n\nWater matters.\n\nMills for coffee shape taste\n\nSetext\n------\n\nThe end"
	got, a := InsertLink(body, target, anchors, 2)
	want := "# Brewing\n\nWater matters.\n\nMills for coffee shape taste. For more on this, see [coffee mills](" + target + ").\n\nSetext\n------\n\nThe end"
	if got != want || a != "coffee mills" {
		t.Fatalf("got %q (%q)\nwant %q", got, a, want)
	}
	got, _ = InsertLink("Nothing related here:", target, anchors, 0)
	if want := "Nothing related here. For more on this, see [hand grinders](" + target + ")."; got != want {
		t.Fatalf("last paragraph: %q", got)
	}
	got, _ = InsertLink("## Only a heading\n", target, anchors, 0)
	if want := "## Only a heading\n\nFor more on this, see [hand grinders](" + target + ").\n"; got != want {
		t.Fatalf("no paragraph: %q", got)
	}
}

func TestUnlinkKeepsWords(t *testing.T) {
	body, _ := InsertLink("A good burr grinder matters.", target, []string{"burr grinder", "b c", "c d"}, 0)
	if !HasLink(body, target) {
		t.Fatal("no link inserted")
	}
	out, ok := Unlink(body+" Also [x](https://other.example).", target)
	if !ok || out != "A good burr grinder matters. Also [x](https://other.example)." {
		t.Fatalf("unlinked: %q %v", out, ok)
	}
	if _, ok := Unlink(out, target); ok {
		t.Fatal("second unlink found a link")
	}
	odd := "https://acme.example/a_(b)"
	withOdd := "see " + mdLink("x [y]", odd)
	if withOdd != "see [x \\[y\\]](https://acme.example/a_%28b%29)" {
		t.Fatalf("odd link %q", withOdd)
	}
	if out, ok := Unlink(withOdd, odd); !ok || out != "see x [y]" {
		t.Fatalf("odd unlink %q", out)
	}
	// A body linked before linkTarget still unlinks.
	if out, ok := Unlink("see [x](<"+odd+">)", odd); !ok || out != "see x" {
		t.Fatalf("old-style unlink %q", out)
	}
}

// TestAnchorsCarryNoMarkup: an anchor another account wrote, put into the
// host's article as its own sentence, renders as the text it is: no tag,
// image or link of its own reaches the article's HTML, and a target with
// characters that end a link destination stays one link.
func TestAnchorsCarryNoMarkup(t *testing.T) {
	for _, anchor := range []string{
		`<img src=x onerror=alert(document.domain)>`, `![img](https://evil.example/x.png)`, `[a](javascript:alert(1))`,
		"`code` and *bold* & <b>tags</b>", `\<script>alert(1)</script>`,
	} {
		body, used := InsertLink("## Heading only\n", "https://target.example/p?q=\"><script>", []string{anchor, "b c", "c d"}, 0)
		if used != anchor {
			t.Fatalf("used %q, want %q", used, anchor)
		}
		h := editing.RenderHTML(body)
		if strings.Count(h, "<a ") != 1 || !strings.Contains(h, `<a href="https://target.example/p?q=%22%3E%3Cscript%3E">`) ||
			strings.Contains(h, "<img") || strings.Contains(h, "<script") || strings.Contains(h, "<b>") || strings.Contains(h, "<code>") {
			t.Errorf("anchor %q renders as\n%s", anchor, h)
		}
	}
}
