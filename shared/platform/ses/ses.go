// Package ses sends the service's emails through Amazon SES v2: the
// mail.Sender of a deployed function.
package ses

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"rvcontent/shared/platform/awsenv"
	"rvcontent/shared/platform/mail"
)

// Sender sends through Amazon SES v2 as From.
type Sender struct {
	Client *sesv2.Client
	From   string
}

var _ mail.Sender = (*Sender)(nil)

// New returns the sender of cfg's account, sending as from.
func New(cfg aws.Config, from string) *Sender {
	return &Sender{Client: sesv2.NewFromConfig(cfg, func(o *sesv2.Options) { o.BaseEndpoint = awsenv.Endpoint(awsenv.SESv2) }), From: from}
}

// Send sends m as a plain-text email.
func (s *Sender) Send(ctx context.Context, m mail.Message) error {
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
