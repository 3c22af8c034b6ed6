// Package ses sends the service's emails through Amazon SES v2 (its
// SendEmail operation, called directly: the SDK's SES client would link
// the whole service into every function that mails): the mail.Sender of a
// deployed function.
package ses

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/platform/awsenv"
	"rvcontent/shared/platform/mail"
)

// Sender sends through Amazon SES v2 as From.
type Sender struct {
	API  *awsenv.Caller
	From string
}

var _ mail.Sender = (*Sender)(nil)

// New returns the sender of cfg's account, sending as from.
func New(cfg aws.Config, from string) *Sender {
	return &Sender{API: awsenv.NewCaller(cfg, awsenv.SESv2, "ses", "email"), From: from}
}

// content is a text in SES's request.
type content struct {
	Data    string `json:"Data"`
	Charset string `json:"Charset"`
}

// sendEmail is the body of SendEmail (POST /v2/email/outbound-emails).
type sendEmail struct {
	FromEmailAddress string `json:"FromEmailAddress"`
	Destination      struct {
		ToAddresses []string `json:"ToAddresses"`
	} `json:"Destination"`
	Content struct {
		Simple struct {
			Subject content `json:"Subject"`
			Body    struct {
				Text content `json:"Text"`
			} `json:"Body"`
		} `json:"Simple"`
	} `json:"Content"`
}

// Send sends m as a plain-text email.
func (s *Sender) Send(ctx context.Context, m mail.Message) error {
	var in sendEmail
	in.FromEmailAddress = s.From
	in.Destination.ToAddresses = []string{m.To}
	in.Content.Simple.Subject = content{Data: m.Subject, Charset: "UTF-8"}
	in.Content.Simple.Body.Text = content{Data: m.Text, Charset: "UTF-8"}
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	status, header, body, err := s.API.Do(ctx, http.MethodPost, "/v2/email/outbound-emails", b, nil)
	if err != nil {
		return fmt.Errorf("ses: send: %w", err)
	}
	if status != http.StatusOK {
		return fmt.Errorf("ses: send: HTTP %d %s: %s", status, header.Get("X-Amzn-Errortype"), body)
	}
	return nil
}
