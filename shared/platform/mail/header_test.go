package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

func TestHeaderSafe(t *testing.T) {
	m, err := mail.HeaderSafe(mail.Message{To: "owner@example.com", Subject: "New agent access: x\r\nBcc: evil@example.net\u0000\u0085 end", Text: "line one\nline two"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "New agent access: x Bcc: evil@example.net end" || m.Text != "line one\nline two" {
		t.Fatalf("HeaderSafe = %q / %q", m.Subject, m.Text)
	}
	for _, to := range []string{"owner@example.com\r\nBcc: evil@example.net", "owner@example.com\x00", "a b@example.com"} {
		if _, err := mail.HeaderSafe(mail.Message{To: to, Subject: "x"}); !errors.Is(err, mail.ErrBadRecipient) {
			t.Errorf("HeaderSafe(To %q) = %v, want ErrBadRecipient", to, err)
		}
	}
}

// SES takes only ASCII domains: a recipient whose domain is in another
// script, or in full-width forms, is mailed at its Punycode form.
func TestHeaderSafeWritesTheRecipientsDomainInASCII(t *testing.T) {
	for to, want := range map[string]string{
		"owner@bücher.de": "owner@xn--bcher-kva.de",
		"Owner@\uff42\u00fc\uff43\uff48\uff45\uff52.de": "Owner@xn--bcher-kva.de",
		"owner@Example.com":                             "owner@Example.com",
	} {
		m, err := mail.HeaderSafe(mail.Message{To: to, Subject: "x"})
		if err != nil || m.To != want {
			t.Errorf("HeaderSafe(To %q).To = %q, %v; want %q", to, m.To, err, want)
		}
	}
}

// Whatever a template renders, the sender never gets a header with a
// control character.
func TestTheSenderGetsSafeHeaders(t *testing.T) {
	r := newSpoolRig(t)
	tmpl := mail.Template{Render: func(_ context.Context, m mail.Pending) (mail.Message, error) {
		return mail.Message{To: "owner@example.com", Subject: "New agent access: " + m.Param("name"), Text: "Name: " + m.Param("name")}, nil
	}}
	tx := &dynamo.Tx{}
	r.spool.Add(tx, mail.Mail{Kind: "test.injected", Params: map[string]string{"name": "x\r\nBcc: evil@example.net\u0000"}, Template: tmpl})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	r.inbox.mu.Lock()
	defer r.inbox.mu.Unlock()
	if len(r.inbox.sent) != 1 {
		t.Fatalf("%d mails sent", len(r.inbox.sent))
	}
	if s := r.inbox.sent[0].Subject; strings.IndexFunc(s, unicode.IsControl) >= 0 {
		t.Fatalf("subject %q reached the sender with a control character", s)
	}
}

// A subject over MaxSubject characters (a webhook endpoint's long URL) is
// cut with an ellipsis; one within it is kept whole.
func TestHeaderSafeBoundsTheSubject(t *testing.T) {
	long := "Webhook endpoint failing: https://hooks.example.com/" + strings.Repeat("é", 2000)
	m, err := mail.HeaderSafe(mail.Message{To: "owner@example.com", Subject: long})
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(m.Subject)); n != mail.MaxSubject || !strings.HasSuffix(m.Subject, "…") || !strings.HasPrefix(m.Subject, "Webhook endpoint failing: https://hooks.example.com/é") {
		t.Errorf("subject of %d characters: %q", n, m.Subject)
	}
	whole := strings.Repeat("x", mail.MaxSubject)
	if m, _ := mail.HeaderSafe(mail.Message{To: "owner@example.com", Subject: whole}); m.Subject != whole {
		t.Errorf("a subject of MaxSubject characters was changed: %q", m.Subject)
	}
}
