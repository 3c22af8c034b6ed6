// Package ses sends the service's emails through Amazon SES (API v2): the
// mail.Sender of a deployed function.
//
// It makes SES v2's one call the service needs, SendEmail
// (POST /v2/email/outbound-emails), signed with the SDK's Signature
// Version 4 signer and the function's credentials, rather than through the
// SDK's generated SES v2 client: that client registers the schemas of all
// of SES's operations when it starts, which makes every function that
// sends mail about half a megabyte larger and a millisecond slower to
// start, for one call.
package ses

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"rvcontent/shared/platform/awsenv"
	"rvcontent/shared/platform/mail"
)

// Sender sends through Amazon SES v2 as From.
type Sender struct {
	From string
	// Endpoint is SES's address (https://email.<region>.amazonaws.com, or
	// the AWS_ENDPOINT_URL_SESV2 override).
	Endpoint string
	Region   string
	Creds    aws.CredentialsProvider
	Client   *http.Client
	signer   *v4.Signer
}

var _ mail.Sender = (*Sender)(nil)

// New returns the sender of cfg's account, sending as from.
func New(cfg aws.Config, from string) *Sender {
	endpoint := "https://email." + cfg.Region + ".amazonaws.com"
	if e := awsenv.Endpoint(awsenv.SESv2); e != nil {
		endpoint = strings.TrimRight(*e, "/")
	}
	return &Sender{
		From: from, Endpoint: endpoint, Region: cfg.Region, Creds: cfg.Credentials,
		Client: &http.Client{Timeout: 10 * time.Second}, signer: v4.NewSigner(),
	}
}

// message is SendEmail's request body, a simple text message.
type message struct {
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

type content struct {
	Data    string `json:"Data"`
	Charset string `json:"Charset"`
}

// Send sends m as a plain-text email. An answer other than 2xx is an error
// that carries SES's error type and message.
func (s *Sender) Send(ctx context.Context, m mail.Message) error {
	var in message
	in.FromEmailAddress = s.From
	in.Destination.ToAddresses = []string{m.To}
	in.Content.Simple.Subject = content{Data: m.Subject, Charset: "UTF-8"}
	in.Content.Simple.Body.Text = content{Data: m.Text, Charset: "UTF-8"}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.Endpoint+"/v2/email/outbound-emails", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	creds, err := s.Creds.Retrieve(ctx)
	if err != nil {
		return fmt.Errorf("ses: credentials: %w", err)
	}
	sum := sha256.Sum256(body)
	if err := s.signer.SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "ses", s.Region, time.Now()); err != nil {
		return fmt.Errorf("ses: sign: %w", err)
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return fmt.Errorf("ses: send: %w", err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 == 2 {
		return nil
	}
	var e struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(answer, &e)
	kind, _, _ := strings.Cut(resp.Header.Get("X-Amzn-Errortype"), ":")
	return fmt.Errorf("ses: SendEmail answered %d %s: %s", resp.StatusCode, kind, e.Message)
}
