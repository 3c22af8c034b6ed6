package mailbox

import (
	"context"
	"testing"

	"rvcontent/shared/platform/mail"
)

func TestMemoryKeepsMailsInOrder(t *testing.T) {
	var b Memory
	for _, to := range []string{"a@example.com", "b@example.com", "a@example.com"} {
		if err := b.Send(context.Background(), mail.Message{To: to, Subject: "to " + to}); err != nil {
			t.Fatal(err)
		}
	}
	if got := b.Sent(); len(got) != 3 || got[1].To != "b@example.com" {
		t.Fatalf("Sent() = %+v", got)
	}
	if got := b.To("a@example.com"); len(got) != 2 || got[0].Subject != "to a@example.com" {
		t.Fatalf("To(a) = %+v", got)
	}
	if got := b.To("c@example.com"); len(got) != 0 {
		t.Fatalf("To(c) = %+v", got)
	}
}
