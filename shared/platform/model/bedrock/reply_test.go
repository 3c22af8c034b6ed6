package bedrock

import (
	"context"
	"strings"
	"testing"

	"rvcontent/shared/platform/model"
)

var replyIn = model.ReplyInput{
	Brand: "Ledgerly", ProductDescription: "Invoicing for freelancers.", Disclosure: "Disclosure: I work on Ledgerly.",
	Tone: "plain", MaxLinks: 0, Subforum: "freelance", Title: "Invoice reminders?", Body: "Clients pay late.",
	Comments: []string{"Use a spreadsheet."}, Previous: "Old draft.", Fix: []string{"disclosure"}, Avoid: []string{"best ever"},
}

func TestDraftReplyConverse(t *testing.T) {
	f := &fakeBedrock{answer: "```json\n{\"body\": \"Try scheduled reminders.\\n\\nDisclosure: I work on Ledgerly.\"}\n```"}
	d, err := newModel(t, f).DraftReply(context.Background(), replyIn)
	if err != nil {
		t.Fatal(err)
	}
	if d.Body != "Try scheduled reminders.\n\nDisclosure: I work on Ledgerly." {
		t.Fatalf("body %q", d.Body)
	}
	msg := f.requests[0].Msgs[0].Content[0].Text
	for _, want := range []string{"Product name: Ledgerly", "Links allowed: 0", "Avoid: best ever", "it failed these checks: disclosure", "Top comment 1: Use a spreadsheet.", "--- Thread in freelance"} {
		if !strings.Contains(msg, want) {
			t.Errorf("prompt lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "Website:") {
		t.Error("the website is offered although no link is allowed")
	}
}

func TestDraftReplyRefusalAndErrors(t *testing.T) {
	_, err := newModel(t, &fakeBedrock{answer: `{"refuse": "the thread asks for medical advice"}`}).DraftReply(context.Background(), replyIn)
	if !model.IsRefusal(err) || !strings.Contains(err.Error(), "medical advice") {
		t.Fatalf("refusal: %v", err)
	}
	if _, err := newModel(t, &fakeBedrock{answer: `{"body": ""}`}).DraftReply(context.Background(), replyIn); err == nil || model.IsRefusal(err) {
		t.Fatalf("empty body: %v, want an error that is not a refusal", err)
	}
	if _, err := newModel(t, &fakeBedrock{status: 400}).DraftReply(context.Background(), replyIn); err == nil {
		t.Fatal("an error status must be an error")
	}
}
