package bedrock

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"rvcontent/shared/platform/model"
)

var articleIn = model.ArticleBrief{
	Title: "Invoicing for freelancers", Keyword: "invoicing for freelancers", Brand: "Ledgerly",
	ProductDescription: "Ledgerly is an invoicing app.", WebsiteURL: "https://ledgerly.example.com/", Tone: "Friendly",
	BrandVoice: []string{"Avoid jargon"}, Links: []model.Link{{Text: "Ledgerly", URL: "https://ledgerly.example.com/"}},
}

// TestWriteArticleConverse: the brief goes to the model; its answer is
// read into description, tags and body, images removed.
func TestWriteArticleConverse(t *testing.T) {
	body := "# Invoicing for freelancers\n\nInvoicing for freelancers is simple. ![logo](https://x/logo.png)\n\n" + strings.Repeat("word ", 250)
	f := &fakeBedrock{answer: "DESCRIPTION: How freelancers invoice.\nTAGS: Invoicing, Freelancers\n---\n" + body}
	got, err := newModel(t, f).WriteArticle(context.Background(), articleIn)
	if err != nil {
		t.Fatal(err)
	}
	if got.Description != "How freelancers invoice." || !reflect.DeepEqual(got.Tags, []string{"invoicing", "freelancers"}) {
		t.Fatalf("draft %+v", got)
	}
	if strings.Contains(got.BodyMarkdown, "![") || !strings.HasPrefix(got.BodyMarkdown, "# Invoicing for freelancers\n") {
		t.Fatalf("body %q", got.BodyMarkdown[:80])
	}
	msg := f.requests[0].Msgs[0].Content[0].Text
	for _, s := range []string{"Keyword: invoicing for freelancers", "The business describes itself as: Ledgerly is an invoicing app.",
		"Tone: Friendly", "- Avoid jargon", "- Ledgerly: https://ledgerly.example.com/"} {
		if !strings.Contains(msg, s) {
			t.Errorf("prompt lacks %q:\n%s", s, msg)
		}
	}
	if sys := f.requests[0].System[0].Text; !strings.Contains(sys, "Never invent facts") {
		t.Errorf("system prompt %q", sys)
	}
	for _, bad := range []string{"no separator", "DESCRIPTION: x\n---\nnot an article"} {
		if _, err := newModel(t, &fakeBedrock{answer: bad}).WriteArticle(context.Background(), articleIn); err == nil {
			t.Errorf("answer %q was accepted", bad)
		}
	}
}

func TestRewritePassageConverse(t *testing.T) {
	f := &fakeBedrock{answer: "- One.\n- Two.\n"}
	got, err := newModel(t, f).RewritePassage(context.Background(), model.PassageBrief{Passage: "One. Two.", Instructions: "as a list"})
	if err != nil || got != "- One.\n- Two." {
		t.Fatalf("got %q (%v)", got, err)
	}
	if msg := f.requests[0].Msgs[0].Content[0].Text; !strings.Contains(msg, "Instructions: as a list") || !strings.Contains(msg, "Passage:\nOne. Two.") {
		t.Errorf("prompt %q", msg)
	}
}
