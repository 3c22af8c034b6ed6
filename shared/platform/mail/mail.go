// Package mail sends the service's emails. Every email a change owes goes
// through the Spool, the mail outbox: it is written in the change's own
// transaction, sent right after the commit and, should that fail, sent by
// the scheduled Sweeper, so no email is lost between a commit and its send.
// The Sender underneath is Amazon SES in AWS (package ses), and in the dev
// stack a table-backed inbox that the /_dev/emails harness reads.
package mail

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode"

	"rvcontent/shared/kernel/weburl"
)

// Message is one plain-text email. Links lists the URLs in Text that the
// recipient is meant to open.
type Message struct {
	To      string
	Subject string
	Text    string
	Links   []string
}

// Sender sends an email.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Deferred is the Sender of a function that sends no mail itself: every
// send fails, so the outbox keeps the mail and the scheduled sweep sends it
// (a minute later). A function that owes mails as part of its requests is
// given a real Sender.
type Deferred struct{}

// Send always fails.
func (Deferred) Send(context.Context, Message) error {
	return errors.New("mail: this function sends no mail itself; the outbox sweep sends it")
}

// ErrBadRecipient is returned for a recipient address with a control
// character or a space, which no mail can be sent to.
var ErrBadRecipient = errors.New("mail: recipient address with a control character or space")

// MaxSubject is the longest subject a mail is sent with, in characters:
// well within RFC 5322's 998-character header line, encoded as UTF-8, and
// about what a mail client shows. Subjects hold user-given text (a webhook
// endpoint's URL, up to 2,048 characters; an agent's or app's name), so
// HeaderSafe cuts a longer one; the mail's text writes that text whole.
const MaxSubject = 150

// HeaderSafe returns m ready for its headers: every control character (C0,
// DEL, C1) of the subject becomes a space, runs of spaces are one, a
// subject over MaxSubject characters is cut to them, ending in "…", a
// recipient with a control character or space is ErrBadRecipient, and the
// recipient's domain is written in its ASCII form (Recipient). Input
// rules keep control characters out of names, so this only guards against
// one that reached a mail anyway: a header can never be split or added.
func HeaderSafe(m Message) (Message, error) {
	if strings.IndexFunc(m.To, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }) >= 0 {
		return Message{}, ErrBadRecipient
	}
	m.To = Recipient(m.To)
	m.Subject = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, m.Subject)), " ")
	if r := []rune(m.Subject); len(r) > MaxSubject {
		m.Subject = strings.TrimRightFunc(string(r[:MaxSubject-1]), unicode.IsSpace) + "…"
	}
	return m, nil
}

// Recipient returns address as mail is sent to it: its domain in the ASCII
// form DNS knows (full-width forms read as ASCII, labels in another script
// in Punycode, as weburl.ASCIIHost writes them), the local part as it is.
// Amazon SES takes only 7-bit ASCII domains, so an owner who typed
// owner@bücher.de is mailed at owner@xn--bcher-kva.de, the same address. An
// address without a domain that can be written so comes back unchanged.
func Recipient(address string) string {
	at := strings.LastIndexByte(address, '@')
	if at < 0 {
		return address
	}
	ascii, ok := weburl.ASCIIHost(address[at+1:])
	if !ok {
		return address
	}
	return address[:at+1] + ascii
}

// Time writes an API timestamp (RFC 3339) as a mail's reader reads it,
// "27 Nov 2026 06:08 UTC"; anything else is returned as it is.
func Time(s string) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	return t.UTC().Format("2 Jan 2006 15:04 UTC")
}
