package model

import (
	"context"
	"strings"
	"testing"
)

func replyInput() ReplyInput {
	return ReplyInput{
		Brand:              "Ledgerly",
		ProductDescription: "Ledgerly is the best ever invoicing app. It sends payment reminders on a schedule you choose. Exports go to your accountant as CSV.",
		WebsiteURL:         "https://ledgerly.example.com",
		Disclosure:         "Disclosure: I work on Ledgerly.",
		Tone:               "plain",
		Keyword:            "payment reminders",
		Subforum:           "freelance",
		Title:              "How do you send payment reminders to late clients?",
		Body:               "My clients pay late every month. Payment reminders by hand take hours.",
		Avoid:              []string{"best ever", "guarantee"},
	}
}

func TestOfflineReplyIsGroundedAndDeterministic(t *testing.T) {
	in := replyInput()
	a, err := Offline{}.DraftReply(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Offline{}.DraftReply(context.Background(), in)
	if a != b {
		t.Fatal("same input, different drafts")
	}
	want := "For payment reminders, the things I would compare are late, clients and how much setup each option needs.\n\n" +
		"Ledgerly is one option. It sends payment reminders on a schedule you choose. Exports go to your accountant as CSV.\n\n" +
		"Disclosure: I work on Ledgerly."
	if a.Body != want {
		t.Fatalf("draft:\n%s\nwant:\n%s", a.Body, want)
	}
}

func TestOfflineReplyFollowsSettings(t *testing.T) {
	in := replyInput()
	in.MaxLinks, in.Tone, in.Variant, in.Instructions = 1, "Friendly", 2, "make it shorter"
	d, _ := Offline{}.DraftReply(context.Background(), in)
	if !strings.HasPrefix(d.Body, "Hi there! It depends on your setup") {
		t.Errorf("friendly second rewrite opens %q", d.Body)
	}
	if !strings.Contains(d.Body, "More detail: https://ledgerly.example.com") || strings.Contains(d.Body, "Exports") {
		t.Errorf("want the link and one description sentence: %q", d.Body)
	}
	in.Instructions = "no link please"
	if d, _ := (Offline{}).DraftReply(context.Background(), in); strings.Contains(d.Body, "https://") {
		t.Errorf("asked for no link: %q", d.Body)
	}
	in.ProductDescription, in.Niche = "", "invoicing software"
	if d, _ := (Offline{}).DraftReply(context.Background(), in); !strings.Contains(d.Body, "Ledgerly is one option (invoicing software).") {
		t.Errorf("without a description the niche names the product: %q", d.Body)
	}
}

func TestOfflineReplyRefusesAnEmptyThread(t *testing.T) {
	in := replyInput()
	in.Title, in.Body = "?", ""
	if _, err := (Offline{}).DraftReply(context.Background(), in); !IsRefusal(err) {
		t.Fatalf("empty thread: %v, want a refusal", err)
	}
}
