// Package mail sends the service's emails. Every email a change owes goes
// through the Spool, the mail outbox: it is written in the change's own
// transaction, sent right after the commit and, should that fail, sent by a
// scheduled sweep, so no email is lost between a commit and its send. The
// Sender underneath is Amazon SES in AWS, and in the dev stack a
// table-backed inbox (Outbox) that the /_dev/emails harness reads.
package mail

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
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

// SES sends through Amazon SES v2.
type SES struct {
	Client *sesv2.Client
	From   string
}

var _ Sender = (*SES)(nil)

// Send sends m as a plain-text email.
func (s *SES) Send(ctx context.Context, m Message) error {
	_, err := s.Client.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.From),
		Destination:      &types.Destination{ToAddresses: []string{m.To}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
			Body:    &types.Body{Text: &types.Content{Data: aws.String(m.Text), Charset: aws.String("UTF-8")}},
		}},
	})
	return err
}
