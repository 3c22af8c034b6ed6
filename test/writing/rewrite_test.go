package writing

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// rewriteOut is the rewrite-section answer.
type rewriteOut struct {
	Article article `json:"article"`
	Rewrite struct {
		Section *string `json:"section"`
		Before  string  `json:"before"`
		After   string  `json:"after"`
		Applied bool    `json:"applied"`
	} `json:"rewrite"`
}

// One section of an article is rewritten as instructed and stored; a
// passage can be rewritten without applying it; bad requests say why.
func TestRewriteSection(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	a := r.create(t, map[string]any{"title": "A Guide to Coffee Subscriptions", "keyword": "coffee subscription", "body_markdown": handWritten("coffee subscription")})
	r.api(t, "POST", r.articlePath(a.ID)+"/finish", nil).Expect(t, http.StatusOK)
	path := r.articlePath(a.ID) + "/rewrite-section"

	var out rewriteOut
	r.api(t, "POST", path, map[string]any{"section": "why it matters", "instructions": "Make it a bulleted list"}).Expect(t, http.StatusOK).Decode(t, &out)
	rw := out.Rewrite
	if rw.Section == nil || *rw.Section != "Why it matters" || !rw.Applied || !strings.HasPrefix(rw.Before, "Fresh beans taste better") {
		t.Fatalf("rewrite = %+v", rw)
	}
	if !strings.HasPrefix(rw.After, "- Fresh beans taste better than old ones, and to brew well") || strings.Count(rw.After, "\n- ") != 1 {
		t.Fatalf("rewritten passage = %q", rw.After)
	}
	body := out.Article.BodyMarkdown
	if !strings.Contains(body, "## Why it matters\n\n"+rw.After+"\n\n## How to choose\n") || strings.Contains(body, "in order to") {
		t.Fatalf("body after the rewrite = %q", body)
	}
	if got := r.get(t, a.ID); got.BodyMarkdown != body || got.SEOScore == nil || !strings.Contains(got.BodyHTML, "<li>Fresh beans") {
		t.Fatalf("stored article = %+v", got)
	}
	upd := r.eventData(t, "article.updated")
	if ch, _ := upd["changed"].([]any); len(ch) != 1 || ch[0] != "body_markdown" {
		t.Fatalf("article.updated data = %v", upd)
	}

	// A passage quoted from the body, returned but not applied.
	r.api(t, "POST", path, map[string]any{"text": "Most subscriptions let you pause.", "instructions": "shorter", "apply": false}).Expect(t, http.StatusOK).Decode(t, &out)
	if out.Rewrite.Applied || out.Rewrite.Section != nil || out.Rewrite.Before != "Most subscriptions let you pause." || out.Rewrite.After == "" || out.Article.BodyMarkdown != body {
		t.Fatalf("unapplied rewrite = %+v", out)
	}

	wantProblem(t, r.api(t, "POST", path, map[string]any{"section": "No such heading"}), "section")
	wantProblem(t, r.api(t, "POST", path, map[string]any{"section": "Why it matters", "text": "Fresh beans"}), "section")
	wantProblem(t, r.api(t, "POST", path, map[string]any{}), "section")
	wantProblem(t, r.api(t, "POST", path, map[string]any{"text": "coffee"}), "text")
	wantProblem(t, r.api(t, "POST", path, map[string]any{"section": "How to choose", "instructions": strings.Repeat("x", 501)}), "instructions")
	empty := r.create(t, map[string]any{"title": "Nothing yet"})
	r.api(t, "POST", r.articlePath(empty.ID)+"/rewrite-section", map[string]any{"section": "Intro"}).ExpectError(t, http.StatusConflict, "conflict")
}

// Every section of a written article can be named for a rewrite: the
// first section under its heading is rewritten, not refused as ambiguous.
func TestRewriteGeneratedSection(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, true)
	a := r.create(t, map[string]any{"title": "How to Choose a Coffee Subscription", "keyword": "coffee subscription"})
	if done := r.acct.Client.WaitJob(t, r.generate(t, a.ID)["id"].(string)); done["status"] != "completed" {
		t.Fatalf("generation job ended %v", done)
	}
	var out rewriteOut
	r.api(t, "POST", r.articlePath(a.ID)+"/rewrite-section", map[string]any{"section": "What is coffee subscription?", "instructions": "shorter"}).
		Expect(t, http.StatusOK).Decode(t, &out)
	if out.Rewrite.Section == nil || *out.Rewrite.Section != "What is coffee subscription?" || !out.Rewrite.Applied || out.Rewrite.After == "" {
		t.Fatalf("rewrite = %+v", out.Rewrite)
	}
}

// A rewrite never puts an image into a body (the public articles API
// promises bodies without one): splitting a passage into a list at a
// sentence end inside a code span would turn the image syntax it quotes
// into a live image, so the rewrite is refused on the passage's field and
// the body stays as it was, applied or not.
func TestRewriteNeverAddsAnImage(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	passage := "Write `x. ![logo](https://example.com/logo.png) y` to show one. Then preview the page."
	body := "# Images in Markdown\n\n## Syntax\n\n" + passage + "\n"
	a := r.create(t, map[string]any{"title": "Images in Markdown", "body_markdown": body})
	path := r.articlePath(a.ID) + "/rewrite-section"
	for _, req := range []map[string]any{
		{"text": passage, "instructions": "Make it a bulleted list"},
		{"text": passage, "instructions": "Make it a bulleted list", "apply": false},
		{"section": "Syntax", "instructions": "Make it a bulleted list"},
	} {
		field := "text"
		if _, ok := req["section"]; ok {
			field = "section"
		}
		if p := wantProblem(t, r.api(t, "POST", path, req), field); !strings.Contains(p, "image") {
			t.Fatalf("%v: problem %q", req, p)
		}
	}
	if got := r.get(t, a.ID); got.BodyMarkdown != a.BodyMarkdown || got.UpdatedAt != a.UpdatedAt || strings.Contains(got.BodyHTML, "<img") {
		t.Fatalf("body after refused rewrites: %q / %q", got.BodyMarkdown, got.BodyHTML)
	}
	// The same passage rewritten without a list keeps its code span.
	r.api(t, "POST", path, map[string]any{"text": passage, "instructions": "Make it formal"}).Expect(t, http.StatusOK)
}

// A section is named by its heading as it reads (body_html, and the
// dashboard's rewrite form) as well as by its Markdown: a heading with a
// link, a code span and a character reference is found by its text
// "Compare the roasters & cold brew", not only by
// "Compare the [roasters](https://acme.com/roasters) &amp; `cold brew`".
func TestRewriteSectionNamedAsItReads(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	body := strings.Replace(handWritten("coffee subscription"), "## How to choose", "## Compare the [roasters](https://acme.com/roasters) &amp; `cold brew`", 1)
	a := r.create(t, map[string]any{"title": "A Guide to Coffee Subscriptions", "keyword": "coffee subscription", "body_markdown": body})
	r.api(t, "POST", r.articlePath(a.ID)+"/finish", nil).Expect(t, http.StatusOK)
	if got := r.get(t, a.ID); !strings.Contains(got.BodyHTML, `<a href="https://acme.com/roasters">roasters</a> &amp; <code>cold brew</code></h2>`) {
		t.Fatalf("body_html = %q", got.BodyHTML)
	}
	var out rewriteOut
	r.api(t, "POST", r.articlePath(a.ID)+"/rewrite-section", map[string]any{"section": "Compare the roasters & cold brew", "instructions": "shorter", "apply": false}).
		Expect(t, http.StatusOK).Decode(t, &out)
	if out.Rewrite.Section == nil || !strings.HasPrefix(out.Rewrite.Before, "- Pick a roast you like.") {
		t.Fatalf("rewrite = %+v", out.Rewrite)
	}
}

// A rewrite's passage that is sent but refused gets one problem that says
// why, not also "is required": an empty section is "must not be empty"
// alone; a null one, or none, is "is required".
func TestRewritePassageRefusedOnce(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	a := r.create(t, map[string]any{"title": "A Guide to Coffee Subscriptions", "keyword": "coffee subscription", "body_markdown": handWritten("coffee subscription")})
	path := r.articlePath(a.ID) + "/rewrite-section"
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"section": ""}, "must not be empty"},
		{map[string]any{"text": ""}, "must not be empty"},
		{map[string]any{"section": nil}, "is required"},
		{map[string]any{"instructions": "shorter"}, "is required"},
	} {
		body := r.api(t, "POST", path, c.body).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := body["details"].([]any)
		if len(details) != 1 || !strings.HasPrefix(details[0].(map[string]any)["problem"].(string), c.want) {
			t.Errorf("%v: details %v, want one starting %q", c.body, details, c.want)
		}
	}
}
